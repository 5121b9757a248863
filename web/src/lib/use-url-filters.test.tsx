import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { MemoryRouter, useLocation } from '@/lib/router'
import { useUrlFilters } from './use-url-filters'

const KEYS = ['name', 'status'] as const

/** The hook under a router at `url`, with the router's current query alongside. */
function setup(url: string, pageSize = 10) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  return renderHook(
    () => ({ ...useUrlFilters(KEYS, pageSize), search: useLocation().search }),
    { wrapper },
  )
}

describe('useUrlFilters', () => {
  it('reads page 1, the page size and no filters from an empty query', () => {
    const { result } = setup('/list', 30)
    expect(result.current.filters).toEqual({ page: 1, limit: 30, name: undefined, status: undefined })
  })

  it('reads the page, the size and its own keys, empty ones as undefined', () => {
    const { result } = setup('/list?page=3&limit=50&name=%E5%85%A8%E5%9B%BD&status=&other=x')
    expect(result.current.filters).toEqual({ page: 3, limit: 50, name: '全国', status: undefined })
  })

  it('keeps the page at least 1 and falls back on a missing or bad number', () => {
    expect(setup('/list?page=0').result.current.filters.page).toBe(1)
    expect(setup('/list?page=-4').result.current.filters.page).toBe(1)
    expect(setup('/list?page=abc&limit=abc').result.current.filters).toMatchObject({ page: 1, limit: 10 })
  })

  it('writes values and drops empty ones, page 1 and the default size, keeping other keys', () => {
    const { result } = setup('/list?tab=brand&name=a&page=4&limit=20')
    act(() => result.current.setFilters({ status: '2', page: 2 }))
    expect(new URLSearchParams(result.current.search).toString()).toBe('tab=brand&name=a&page=2&limit=20&status=2')
    expect(result.current.filters).toEqual({ page: 2, limit: 20, name: 'a', status: '2' })

    act(() => result.current.setFilters({ name: '', status: undefined, page: 1, limit: 10 }))
    expect(result.current.search).toBe('?tab=brand')
    expect(result.current.filters).toEqual({ page: 1, limit: 10, name: undefined, status: undefined })
  })

  it('leaves keys not named in the change alone and writes numbers as text', () => {
    const { result } = setup('/list?name=a')
    act(() => result.current.setFilters({ status: 7, limit: 50 }))
    expect(new URLSearchParams(result.current.search).toString()).toBe('name=a&status=7&limit=50')
  })

  it('keeps the same filters object until the query changes', () => {
    const { result, rerender } = setup('/list?name=a')
    const first = result.current.filters
    rerender()
    expect(result.current.filters).toBe(first)
  })
})
