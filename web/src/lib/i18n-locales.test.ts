import { describe, expect, it } from 'vitest'
import { resources } from './i18n'
import { otherLanguage } from './i18n-other-languages'
import { groupLabels, serverLabelGroups, type ServerLabelGroup } from './i18n-server-labels'

// The English strings as a reader of English sees them: every Chinese key has its English one,
// and no English value is (or still contains) Chinese — an untranslated copy shows Chinese in
// the middle of an English screen. The server's labels have an English label per code.

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/

/**
 * English values that must quote Chinese: the headers an import file is written with, which
 * the reader types into the file as they are (docs/import-formats.md).
 */
const QUOTES_CHINESE = new Set(['orders:template.hint', 'upload:templateHint'])

/** Values whose English says more than the Chinese: a day's name spells its month and ordinal. */
const OWN_PLACEHOLDERS = new Set(['dates:dayName'])

type Strings = { [key: string]: string | Strings }

/** `namespace:dotted.key` → value, over every namespace of a language. */
function flatten(namespaces: Record<string, Strings>): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (prefix: string, node: Strings) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') out.set(`${prefix}${k}`, v)
      else walk(`${prefix}${k}.`, v)
    }
  }
  for (const [ns, node] of Object.entries(namespaces)) walk(`${ns}:`, node)
  return out
}

const zh = flatten(resources['zh-CN'] as Record<string, Strings>)
const en = flatten(otherLanguage('en') as Record<string, Strings>)
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(.+?)\s*\}\}/g)].map((m) => m[1]).sort()

describe('the English locale', () => {
  it('has every key the Chinese one has, and no other', () => {
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([])
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([])
  })

  it('has no value in Chinese', () => {
    const chinese = [...en].filter(([k, v]) => CJK.test(v) && !QUOTES_CHINESE.has(k)).map(([k, v]) => `${k}: ${v}`)
    expect(chinese).toEqual([])
  })

  it('fills the same placeholders as the Chinese', () => {
    const differ = [...zh].filter(([k, v]) => en.has(k) && !OWN_PLACEHOLDERS.has(k) && placeholders(v).join() !== placeholders(en.get(k)!).join()).map(([k]) => k)
    expect(differ).toEqual([])
  })
})

describe('the server labels', () => {
  const groups = Object.keys(serverLabelGroups) as ServerLabelGroup[]
  const english = { en: otherLanguage('en') }

  it.each(groups)('%s has a Chinese label per code and an English one for each', (group) => {
    const chinese = groupLabels(group, 'zh-CN')
    expect(Object.keys(chinese).length, `${serverLabelGroups[group]} has no labels`).toBeGreaterThan(0)
    const [ns, path] = serverLabelGroups[group].split(':')
    const node = path.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], english.en[ns])
    expect(Object.keys(node as object).sort()).toEqual(Object.keys(chinese).sort())
    for (const [code, label] of Object.entries(node as Record<string, string>)) {
      expect(CJK.test(label), `${group} ${code}: ${label}`).toBe(false)
      expect(label).not.toBe('')
    }
  })
})
