import Fuse from 'fuse.js/basic'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { appRoutes } from '../route-table'
import { fuzzySearch } from './fuzzy-search'
import { PAGE_SEARCH, pageItems, type PageItem } from './header-search'

/*
 * Differential test: the header's page search against fuse.js (the library it replaced, kept as
 * a devDependency) configured as the header configured it before its replacement — `fuse.js/basic`,
 * keys title 0.7 / path 0.3, threshold 0.4, ignoreLocation — over the app's real pages in both
 * languages, on generated queries; the whole ranked list is compared, not only the first eight.
 */

const languages = ['zh-CN', 'en'] as const
const pages: Record<string, PageItem[]> = {}

beforeAll(async () => {
  await i18n.loadLanguages('en')
  for (const lng of languages) pages[lng] = pageItems(appRoutes, { t: i18n.getFixedT(lng) as (key: string) => string })
})

/** fuse.js as header-search.tsx set it up before its replacement (git show f85247a:web/src/app/layout/header-search.tsx), written out, not read from PAGE_SEARCH. */
const OLD_OPTIONS = { keys: [{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }], threshold: 0.4, ignoreLocation: true }
const OLD_LIMIT = 8
const fuse = (items: PageItem[]) => new Fuse(items, OLD_OPTIONS)

const prefixes = (s: string) => [...s].map((_, i) => [...s].slice(0, i + 1).join(''))
const substrings = (s: string) => {
  const chars = [...s]
  return chars.flatMap((_, i) => chars.slice(i).map((__, j) => chars.slice(i, i + j + 1).join('')))
}
/** Every single-edit variant of `word`: a letter left out, doubled, swapped with the next, or replaced. */
function typos(word: string): string[] {
  const c = [...word]
  const out: string[] = []
  for (let i = 0; i < c.length; i++) {
    out.push([...c.slice(0, i), ...c.slice(i + 1)].join(''))
    out.push([...c.slice(0, i + 1), c[i], ...c.slice(i + 1)].join(''))
    out.push([...c.slice(0, i), 'q', ...c.slice(i + 1)].join(''))
    if (i + 1 < c.length) out.push([...c.slice(0, i), c[i + 1], c[i], ...c.slice(i + 2)].join(''))
  }
  return out
}
const mixedCase = (s: string) => [s.toUpperCase(), s[0].toUpperCase() + s.slice(1), [...s].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('')]
const words = (s: string) => s.split(/[\s>/-]+/).filter(Boolean)
const hasHan = (s: string) => /\p{Script=Han}/u.test(s)

/** Queries drawn from the pages' own characters, 1 to 36 long, the same on every run. */
function randomQueries(items: PageItem[], n: number): string[] {
  const pool = [...items.map((i) => i.title + i.path).join('')]
  let seed = 18
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return Array.from({ length: n }, () => Array.from({ length: 1 + Math.floor(next() * 36) }, () => pool[Math.floor(next() * pool.length)]).join(''))
}

/** The queries for a language's pages, trimmed as the header trims them, without repeats. */
function queries(items: PageItem[]): string[] {
  const out: string[] = []
  for (const { title, path } of items) {
    out.push(title, path, `${title} ${path}`, ...prefixes(title), ...prefixes(path))
    // Chinese titles: every part of every segment, as typed without pinyin.
    if (hasHan(title)) for (const segment of title.split(' > ')) out.push(...substrings(segment))
    for (const w of [...words(title), ...words(path)]) {
      out.push(...typos(w))
      // Two edits: past the threshold for short words, within it for long ones (every fifth, for time).
      out.push(...typos(w).flatMap(typos).filter((_, i) => i % 5 === 0))
      if (/[a-z]/i.test(w)) out.push(...mixedCase(w))
    }
    out.push(...mixedCase(title), ...mixedCase(path))
  }
  // Nothing like a page, and queries long enough for fuse.js's 32-character chunks.
  out.push(...randomQueries(items, 1500))
  // Part of one page's title with part of another's.
  for (const [i, a] of items.entries()) out.push(`${words(a.title)[0]} ${words(items[(i + 1) % items.length].title).at(-1)}`)
  out.push('zzzz', '订单汇总订单汇总订单汇总订单汇总订单汇总订单汇总订单汇总', 'x'.repeat(40), items.map((i) => i.path).join(''))
  return [...new Set(out.map((q) => q.trim()).filter(Boolean))]
}

describe.each(languages)('header search against fuse.js (%s titles)', (lng) => {
  it('ranks the same pages in the same order for every generated query', () => {
    const items = pages[lng]
    expect(items.length).toBeGreaterThan(10)
    const theirs = fuse(items)
    const qs = queries(items)
    const differ: string[] = []
    let found = 0
    for (const q of qs) {
      const a = fuzzySearch(items, q, PAGE_SEARCH.keys, PAGE_SEARCH.threshold, items.length).map((i) => i.path)
      const b = theirs.search(q).map((r) => r.item.path)
      if (a.join() !== b.join()) differ.push(`${JSON.stringify(q)}: ours ${a.join(' ')} | fuse.js ${b.join(' ')}`)
      if (b.length) found++
    }
    expect(differ).toEqual([])
    expect(qs.length).toBeGreaterThan(5000)
    // Many queries find something, many do not: both sides of the threshold are compared.
    expect(found).toBeGreaterThan(qs.length / 2)
    expect(qs.length - found).toBeGreaterThan(500)
  })

  it('gives the header the same first eight', () => {
    const items = pages[lng]
    const theirs = fuse(items)
    for (const q of ['管理', 'management', 'a', 'e', '/', 's'])
      expect(fuzzySearch(items, q, PAGE_SEARCH.keys, PAGE_SEARCH.threshold, PAGE_SEARCH.limit)).toEqual(
        theirs.search(q, { limit: OLD_LIMIT }).map((r) => r.item),
      )
  })
})
