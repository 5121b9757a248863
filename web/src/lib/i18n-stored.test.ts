import { afterEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/config/storage-keys'

afterEach(async () => {
  localStorage.removeItem(storageKeys.language)
  vi.resetModules()
  const { setLanguage } = await import('./i18n')
  await setLanguage('zh-CN')
})

describe('i18n with English stored', () => {
  it('is ready in English once its strings have loaded', async () => {
    localStorage.setItem(storageKeys.language, 'en')
    vi.resetModules()
    const { i18n, i18nReady } = await import('./i18n')
    await i18nReady
    expect(i18n.language).toBe('en')
    expect(i18n.t('routes:order')).toBe('Order Summary')
    expect(document.documentElement.lang).toBe('en')
  })
})
