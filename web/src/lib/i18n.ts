import i18n, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { storageKeys } from '@/config/storage-keys'

export const languages = ['zh-CN', 'en'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'zh-CN'

// Every src/locales/<language>/<namespace>.json becomes namespace <namespace>: features add
// their own files (e.g. admin.json) without touching this module.
const files = import.meta.glob<Record<string, unknown>>('/src/locales/*/*.json', { eager: true, import: 'default' })

export const resources: Resource = {}
for (const [path, mod] of Object.entries(files)) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  if (!m) continue
  const [, lng, ns] = m
  resources[lng] = { ...resources[lng], [ns]: mod }
}

function isLanguage(v: unknown): v is Language {
  return languages.includes(v as Language)
}

function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(storageKeys.language)
    return isLanguage(v) ? v : defaultLanguage
  } catch {
    return defaultLanguage
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  ns: Object.keys(resources[defaultLanguage] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
})
document.documentElement.lang = i18n.language

/** Switches the UI language and keeps the choice for the next visit. */
export function setLanguage(lng: Language) {
  try {
    localStorage.setItem(storageKeys.language, lng)
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  document.documentElement.lang = lng
  return i18n.changeLanguage(lng)
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : defaultLanguage)

export { i18n }
