import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { storageKeys } from '@/config/storage-keys'
import { i18n, resources, setLanguage, useTranslation, type TFunction } from './i18n'
import { resetLanguage } from '@/testing/reset-language'
import { otherLanguage } from './i18n-other-languages'

// Chinese again, and English's strings unloaded: each test starts as the app does, in any order.
afterEach(async () => {
  localStorage.clear()
  await resetLanguage()
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

  it('renders components again in the language chosen, with a new t only then', async () => {
    const seen: TFunction[] = []
    function Title() {
      const { t } = useTranslation(['orders', 'common'])
      seen.push(t)
      return <h1>{`${t('common:appTitle')} ${t('summary.grid.lines', { count: 1 })}`}</h1>
    }
    const { rerender } = render(<Title />)
    rerender(<Title />)
    expect(seen[1]).toBe(seen[0])
    const zh = screen.getByRole('heading').textContent
    await act(() => setLanguage('en'))
    expect(screen.getByRole('heading').textContent).not.toBe(zh)
    expect(screen.getByRole('heading').textContent).toBe(`${i18n.t('common:appTitle')} ${i18n.getFixedT('en', 'orders')('summary.grid.lines', { count: 1 })}`)
    expect(seen.at(-1)).not.toBe(seen[0])
  })
})
