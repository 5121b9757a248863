import { describe, expect, it } from 'vitest'
import { fuzzySearch, substringEdits } from './fuzzy-search'

type Item = { path: string; title: string }
const keys = [
  { name: 'title', weight: 0.7 },
  { name: 'path', weight: 0.3 },
] as const
const items: Item[] = [
  { path: '/order', title: '订单汇总' },
  { path: '/system/menus', title: '系统管理 > 菜单管理' },
  { path: '/system/accounts', title: '系统管理 > 账号管理' },
  { path: '/products', title: '产品管理' },
  { path: '/suits', title: '套装管理' },
  { path: '/dashboard', title: 'Dashboard' },
]
const search = (q: string, limit = 8) => fuzzySearch(items, q, [...keys], 0.4, limit).map((i) => i.path)

describe('substringEdits', () => {
  it('counts the fewest edits to any part of the text', () => {
    expect(substringEdits('menu', '/system/menus')).toBe(0)
    expect(substringEdits('mneu', '/system/menus')).toBe(2)
    expect(substringEdits('meus', '/system/menus')).toBe(1)
    expect(substringEdits('xyz', 'abc')).toBe(3)
    expect(substringEdits('abc', '')).toBe(3)
  })
})

describe('fuzzySearch (fuse.js scoring, threshold 0.4)', () => {
  it('finds a page by part of its title or its path, whatever the case', () => {
    expect(search('菜单')).toEqual(['/system/menus'])
    expect(search('DASH')).toEqual(['/dashboard'])
    expect(search('accounts')).toEqual(['/system/accounts'])
  })

  it('forgives up to 40% of the query in edits, and no more', () => {
    expect(search('dashbaord')).toEqual(['/dashboard']) // 2 edits of 9
    expect(search('prodcts')).toEqual(['/products']) // 1 of 7
    expect(search('zzzts')).toEqual([]) // 3 of 5
  })

  it('ranks the whole title first, a title match over a path match, then list order', () => {
    expect(search('系统管理')).toEqual(['/system/menus', '/system/accounts'])
    expect(search('管理')).toEqual(['/products', '/suits', '/system/menus', '/system/accounts'])
    expect(search('订单汇总')[0]).toBe('/order')
    expect(search('管理', 2)).toEqual(['/products', '/suits'])
  })
})
