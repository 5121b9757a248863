import { act, render } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider, useTranslation as useRealTranslation } from 'react-i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n as ours, languages, namespaces, useTranslation, type Namespaces, type TOptions } from './i18n'

/*
 * Differential test: the app's own translations (lib/i18n.ts) against i18next 26, kept as a
 * devDependency, set up as the app had it (both languages' files, Chinese as the fallback,
 * `common` the default namespace, values not escaped). Over every key of every namespace in
 * both languages — with and without its namespace, alone and in the namespace lists the app's
 * components ask for — plain, with plural counts, with each placeholder's value given in every
 * shape, left out, and with default values; and keys that are missing. The hook against
 * react-i18next's: what a component shows, and when it gets a new `t`, across language changes.
 */

const files = import.meta.glob<Record<string, unknown>>('/src/locales/*/*.json', { eager: true, import: 'default' })
const all: Record<string, Namespaces> = Object.fromEntries(languages.map((lng) => [lng, namespaces(files, lng)]))
const nsNames = Object.keys(all['zh-CN'])

const real = i18next.createInstance()

beforeAll(async () => {
  await real.init({
    resources: structuredClone(all),
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    supportedLngs: [...languages],
    ns: nsNames,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  await ours.loadLanguages('en')
})

/** Every string's path in a namespace, and each plural key's base (`lines` for `lines_one`). */
function paths(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) => {
    const path = `${prefix}${k}`
    if (v && typeof v === 'object') return paths(v, `${path}.`)
    const base = /^(.*)_(zero|one|two|few|many|other)$/.exec(path)?.[1]
    return base ? [path, base] : [path]
  })
}

/** The placeholders a string has, by name. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim())

/** Option sets for a key whose strings (in either language) have these placeholders. */
function optionSets(names: string[]): (TOptions | undefined)[] {
  const sets: (TOptions | undefined)[] = [undefined, {}]
  for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 1.5, -1]) sets.push({ count })
  const shapes: unknown[] = ['值', 'x y', 42, 0, -3.5, '', null, undefined, true, '{{count}}', '$t(common:appTitle)']
  for (const value of shapes) sets.push(Object.fromEntries(names.map((n) => [n, value])))
  for (const name of names) {
    sets.push(Object.fromEntries(names.filter((n) => n !== name).map((n) => [n, `<${n}>`])))
    sets.push({ ...Object.fromEntries(names.map((n) => [n, `<${n}>`])), count: 1 })
    sets.push({ ...Object.fromEntries(names.map((n) => [n, 7])), count: 7 })
  }
  sets.push({ defaultValue: '缺省' }, { defaultValue: '' }, { defaultValue: 'd {{n}}', n: 3 })
  return sets
}

// The namespace lists the app's components and tests make a `t` for.
const NS_LISTS: string[][] = [...nsNames.map((ns) => [ns]), ['orders', 'common'], ['customers', 'common'], ['dashboard', 'common'], ['upload', 'common']]

type Case = { lng: string; ns: string[]; key: string; options?: TOptions }

function cases(): Case[] {
  const out: Case[] = []
  const keysOf = (ns: string) => [...new Set(languages.flatMap((lng) => paths(all[lng][ns] ?? {})))]
  const namesOf = (ns: string, key: string) =>
    [...new Set(languages.flatMap((lng) => ['', '_zero', '_one', '_other'].flatMap((s) => placeholders(String(lookup(all[lng][ns], `${key}${s}`) ?? '')))))]
  for (const lng of languages) {
    for (const nsList of NS_LISTS) {
      for (const ns of nsList) {
        for (const key of keysOf(ns)) {
          const sets = optionSets(namesOf(ns, key))
          for (const options of sets) out.push({ lng, ns: nsList, key, options })
          // With its namespace, from a `t` made for another (the default one when the list is one).
          for (const options of sets.slice(0, 4)) out.push({ lng, ns: ['common'], key: `${ns}:${key}`, options })
          out.push({ lng, ns: nsList, key: `${ns}:${key}`, options: { count: 1 } })
        }
      }
      for (const key of ['nope', 'nope.deeper', 'orders:nope', 'nope:x', 'common:nope.{{n}}', 'a:b:c'])
        for (const options of [undefined, { n: 1 }, { defaultValue: '缺省 {{n}}', n: 2 }, { count: 2 }, { ns: 'orders' }]) out.push({ lng, ns: nsList, key, options })
    }
    for (const ns of nsNames) out.push({ lng, ns: ['common'], key: 'dataCategory.1', options: { ns } }, { lng, ns: ['common'], key: 'appTitle', options: { ns: [ns, 'common'] } })
  }
  return out
}

function lookup(node: unknown, path: string): unknown {
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return node
}

const isObjectKey = (c: Case) => {
  const [ns, path] = c.key.includes(':') ? c.key.split(':') : [undefined, c.key]
  return languages.some((lng) => (ns ? [ns] : c.ns).some((n) => typeof lookup(all[lng][n], path) === 'object'))
}

describe('the app’s translations against i18next', () => {
  it('give the same string for every key, language, namespace list and option', () => {
    const all = cases()
    const differences: string[] = []
    let compared = 0
    for (const c of all) {
      // A key naming a group of strings is not a string: i18next answers with an error text,
      // ours with the key. No call in the app asks for one.
      if (isObjectKey(c)) continue
      compared++
      const want = real.getFixedT(c.lng, c.ns)(c.key, c.options as never) as unknown as string
      const got = ours.getFixedT(c.lng as 'en', c.ns)(c.key, c.options)
      if (got !== want && differences.length < 20) differences.push(`${c.lng} [${c.ns}] ${c.key} ${JSON.stringify(c.options)}: ours ${got}, i18next ${want}`)
    }
    expect(differences).toEqual([])
    expect(compared).toBeGreaterThan(100_000)
  })

  it('follow the current language as i18next does', async () => {
    for (const lng of ['en', 'zh-CN'] as const) {
      await ours.changeLanguage(lng)
      await real.changeLanguage(lng)
      for (const key of ['routes:order', 'shell:languageChanged', 'common:appTitle', 'appTitle', 'upload:failed']) expect(ours.t(key)).toBe(real.t(key))
      expect(ours.language).toBe(real.language)
    }
  })

  it('render components as react-i18next does, in the language chosen', async () => {
    const KEYS: [string, TOptions?][] = [['summary.grid.lines', { count: 1 }], ['summary.grid.lines', { count: 4 }], ['common:appTitle'], ['nope'], ['dataCategory.1']]
    const tOf = { ours: [] as unknown[], real: [] as unknown[] }
    const show = (t: (key: string, options?: TOptions) => string) => KEYS.map(([key, options]) => t(key, options)).join(' | ')
    function Ours() {
      const { t } = useTranslation(['orders', 'common'])
      tOf.ours.push(t)
      return <p data-testid="ours">{show(t)}</p>
    }
    function Real() {
      const { t } = useRealTranslation(['orders', 'common'])
      tOf.real.push(t)
      return <p data-testid="real">{show(t as never)}</p>
    }
    const view = () => (
      <>
        <Ours />
        <I18nextProvider i18n={real}>
          <Real />
        </I18nextProvider>
      </>
    )
    const { getByTestId, rerender } = render(view())
    const texts = () => [getByTestId('ours').textContent, getByTestId('real').textContent]
    let before = ours.language
    for (const lng of ['zh-CN', 'en', 'en', 'zh-CN', 'zh-CN'] as const) {
      const last = { ours: tOf.ours.at(-1), real: tOf.real.at(-1) }
      await act(async () => {
        await ours.changeLanguage(lng)
        await real.changeLanguage(lng)
      })
      rerender(view())
      const [mine, theirs] = texts()
      expect(mine).toBe(theirs)
      // A new t when the language changed, for both; ours keeps its t otherwise (react-i18next
      // also makes a new one when the same language is set again).
      if (lng !== before) expect([tOf.ours.at(-1) !== last.ours, tOf.real.at(-1) !== last.real]).toEqual([true, true])
      else expect(tOf.ours.at(-1)).toBe(last.ours)
      before = lng
    }
  })
})
