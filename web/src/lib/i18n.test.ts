import { afterEach, describe, expect, it } from 'vitest'
import { storageKeys } from '@/config/storage-keys'
import { i18n, resources, setLanguage } from './i18n'
import { otherLanguage } from './i18n-other-languages'

afterEach(async () => {
  await setLanguage('zh-CN')
})

describe('i18n', () => {
  it('loads every locale file as a namespace, Chinese by default and English on demand', async () => {
    expect(Object.keys(resources['zh-CN'])).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'routes']))
    expect(resources.en).toBeUndefined()
    expect(Object.keys(otherLanguage('en'))).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'routes']))
    expect(i18n.language).toBe('zh-CN')
    expect(i18n.t('routes:order')).toBe('订单汇总')
    expect(i18n.t('shell:notFoundTitle')).toBe('站长说你不能进入这个页面……')
  })

  it('has the same keys in both languages', () => {
    for (const ns of Object.keys(resources['zh-CN'])) {
      const keys = (o: object): string[] =>
        Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v).map((x) => `${k}.${x}`) : [k]))
      expect(keys(otherLanguage('en')[ns] as object).sort(), ns).toEqual(keys(resources['zh-CN'][ns] as object).sort())
    }
  })

  it('switches to English and keeps the choice', async () => {
    await setLanguage('en')
    expect(i18n.hasResourceBundle('en', 'routes')).toBe(true)
    expect(i18n.t('routes:order')).toBe('Order Summary')
    expect(i18n.t('auth:capsLock')).toBe('Caps lock is On')
    expect(localStorage.getItem(storageKeys.language)).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })
})
