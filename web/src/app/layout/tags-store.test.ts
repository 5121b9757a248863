import { beforeEach, describe, expect, it } from 'vitest'
import { storageKeys } from '@/config/storage-keys'
import { clearSession, setSession } from '@/lib/session'
import { closeAllTags, closeOtherTags, closeTag, ensureAffix, keepTags, openTag, tagsStore } from './tags-store'

const dashboard = { path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true }
const order = { path: '/order/index', fullPath: '/order/index', title: 'order' }
const menu = { path: '/menu', fullPath: '/menu', title: 'menu' }
const paths = () => tagsStore.get().map((t) => t.path)

beforeEach(() => {
  sessionStorage.clear()
  setSession({ token: 't', id: 1, name: 'a', ruleId: '*' })
  tagsStore.set([])
  ensureAffix([dashboard])
})

describe('tags view store', () => {
  it('opens one tab per page, pinned tabs first, updating the query of an open one', () => {
    openTag(order)
    openTag(menu)
    openTag({ ...order, fullPath: '/order/index?page=2' })
    expect(paths()).toEqual(['/dashboard', '/order/index', '/menu'])
    expect(tagsStore.get()[1].fullPath).toBe('/order/index?page=2')
  })

  it('closes one, the others or all, never a pinned tab', () => {
    openTag(order)
    openTag(menu)
    closeTag('/dashboard')
    closeTag('/order/index')
    expect(paths()).toEqual(['/dashboard', '/menu'])
    openTag(order)
    closeOtherTags('/order/index')
    expect(paths()).toEqual(['/dashboard', '/order/index'])
    openTag(menu)
    closeAllTags()
    expect(paths()).toEqual(['/dashboard'])
  })

  it('persists tabs in sessionStorage so they survive a reload', () => {
    openTag(order)
    expect(JSON.parse(sessionStorage.getItem(storageKeys.tags)!).map((t: { path: string }) => t.path)).toEqual([
      '/dashboard',
      '/order/index',
    ])
  })

  it('drops tabs the roles no longer open', () => {
    openTag(order)
    openTag(menu)
    keepTags((p) => p !== '/menu')
    expect(paths()).toEqual(['/dashboard', '/order/index'])
  })

  it('clears every tab on logout', () => {
    openTag(order)
    clearSession()
    expect(tagsStore.get()).toEqual([])
    expect(sessionStorage.getItem(storageKeys.tags)).toBeNull()
  })
})
