import { useMemo, useSyncExternalStore } from 'react'
import { storageKeys } from '@/config/storage-keys'

// The app's translations: i18next and react-i18next's behaviour for what the app uses of them
// (17 KB gzip less). Keys are `namespace:path.to.key` or a path in the namespaces a
// `t` was made for, tried in order; each namespace is looked up in the current language, then
// in Chinese; `{{name}}` takes the option of that name; a `count` picks the key's plural form
// (`_one`, `_other`, `_zero` for 0) by the language's Intl plural rules. A key found nowhere
// gives the `defaultValue` option, else the key itself. i18n.diff.test.ts checks it against
// i18next over every key of every language.

export const languages = ['zh-CN', 'en'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'zh-CN'

type Strings = { [key: string]: string | Strings }
/** A language's namespaces. */
export type Namespaces = Record<string, Strings>

/** The options a translation takes: its plural `count`, interpolated values, and lookup options. */
export type TOptions = {
  count?: number
  defaultValue?: string
  ns?: string | readonly string[]
  [value: string]: unknown
}

/**
 * A translation function. The namespaces it looks keys up in are its own (given where it was
 * made); `_Ns` names them for the reader, as i18next's type did, and is not checked.
 */
export type TFunction<_Ns extends string | readonly string[] = string> = (key: string, options?: TOptions) => string

/** `src/locales/<language>/<namespace>.json` files as that language's namespaces. */
export function namespaces(files: Record<string, Record<string, unknown>>, lng: string): Namespaces {
  const out: Namespaces = {}
  for (const [path, data] of Object.entries(files)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
    if (m?.[1] === lng) out[m[2]] = data as Strings
  }
  return out
}

// Every src/locales/<language>/<namespace>.json becomes namespace <namespace>: features add
// their own files (e.g. admin.json) without touching this module. Only the default language
// ships with the app; the others load, as one chunk, when chosen (13 KB gzip less
// before the first page).
const bundled = import.meta.glob<Record<string, unknown>>('/src/locales/zh-CN/*.json', { eager: true, import: 'default' })
export const resources: Record<string, Namespaces> = { [defaultLanguage]: namespaces(bundled, defaultLanguage) }

const DEFAULT_NS = 'common'
const PLACEHOLDER = /\{\{(.+?)\}\}/g

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

let language: Language = storedLanguage()
const listeners = new Set<() => void>()
const pluralRules = new Map<string, Intl.PluralRules>()

/** The string at a dotted path of a namespace, if there is one. */
function lookup(lng: string, ns: string, path: string): string | undefined {
  let node: string | Strings | undefined = resources[lng]?.[ns]
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

function pluralForm(lng: string, count: number): string {
  let rules = pluralRules.get(lng)
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)))
  return rules.select(count)
}

/** `{{name}}` → the option's value; a name no option has stays as written. */
function interpolate(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim()
    if (!Object.prototype.hasOwnProperty.call(options, name)) return whole
    const value = options[name]
    return value == null ? '' : String(value)
  })
}

function translate(lng: string, defaultNs: readonly string[], key: string, options: TOptions = {}): string {
  let path = key
  let nsList = options.ns === undefined ? defaultNs : typeof options.ns === 'string' ? [options.ns] : options.ns
  const colon = key.indexOf(':')
  if (colon >= 0) {
    const parts = key.split(':')
    nsList = [parts.shift()!]
    path = parts.join('.')
  }
  // As i18next: any count but a string picks a plural form (Intl reads true as 1, null as 0).
  const count = options.count !== undefined && typeof options.count !== 'string' ? options.count : undefined
  const codes = lng === defaultLanguage ? [lng] : [lng, defaultLanguage]
  let found: string | undefined
  search: for (const ns of nsList) {
    for (const code of codes) {
      const candidates = count === undefined ? [path] : [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralForm(code, count)}`, path]
      for (const candidate of candidates) {
        found = lookup(code, ns, candidate)
        if (found !== undefined) break search
      }
    }
  }
  return interpolate(found ?? options.defaultValue ?? path, options)
}

const asList = (ns?: string | readonly string[]): readonly string[] => (ns === undefined ? [DEFAULT_NS] : typeof ns === 'string' ? [ns] : ns)

/** Loads a language's strings (every language but the default one is one chunk). */
async function load(lng: string): Promise<void> {
  if (resources[lng]) return
  const { otherLanguage } = await import('./i18n-other-languages')
  resources[lng] = otherLanguage(lng)
}

function use(lng: Language) {
  language = lng
  document.documentElement.lang = lng
  for (const notify of listeners) notify()
}

/** The translations as the rest of the app (and its tests) reach them outside components. */
export const i18n = {
  get language(): Language {
    return language
  },
  /** Translates in the current language; keys without a namespace are in `common`. */
  t: ((key: string, options?: TOptions) => translate(language, [DEFAULT_NS], key, options)) as TFunction,
  /** A `t` over given namespaces, in a given language (or the current one when null). */
  getFixedT<Ns extends string | readonly string[]>(lng: Language | null, ns?: Ns): TFunction<Ns> {
    const list = asList(ns)
    return (key: string, options?: TOptions) => translate(lng ?? language, list, key, options)
  },
  hasResourceBundle: (lng: string, ns: string) => Boolean(resources[lng]?.[ns]),
  loadLanguages: async (lngs: string | readonly string[]) => {
    await Promise.all((typeof lngs === 'string' ? [lngs] : lngs).map(load))
  },
  /** Switches the language once its strings are in; a language whose strings fail to load shows the Chinese ones. */
  async changeLanguage(lng: Language): Promise<void> {
    try {
      await load(lng)
    } finally {
      use(lng)
    }
  },
}

document.documentElement.lang = language
/**
 * Settles once the stored language's strings are in: main.tsx renders after it. It never
 * fails: without its strings the stored language shows the Chinese ones.
 */
export const i18nReady: Promise<void> = load(language).catch(() => undefined)

/** Switches the UI language and keeps the choice for the next visit. */
export function setLanguage(lng: Language) {
  try {
    localStorage.setItem(storageKeys.language, lng)
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  return i18n.changeLanguage(lng)
}

export const currentLanguage = (): Language => language

function subscribe(notify: () => void) {
  listeners.add(notify)
  return () => void listeners.delete(notify)
}

/**
 * `t` for a component: keys without a namespace are in the first one given (`common` when none
 * is), as react-i18next has it — the others are reached as `namespace:key`. The component
 * renders again when the language changes and gets a new `t` then (so memos keyed on `t`
 * recompute); otherwise `t` stays the same.
 */
export function useTranslation<Ns extends string | readonly string[]>(ns?: Ns): { t: TFunction<Ns>; i18n: typeof i18n } {
  const lng = useSyncExternalStore(subscribe, currentLanguage)
  const first = asList(ns)[0]
  const t = useMemo(() => i18n.getFixedT(lng, first), [lng, first])
  return { t: t as TFunction<Ns>, i18n }
}
