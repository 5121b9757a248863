import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { onPage, pageState, toggleAll, toggleOne, useRowSelection } from './row-selection'

const set = (...ids: number[]) => new Set(ids)

describe('row selection', () => {
  it('toggles one row in and out', () => {
    expect([...toggleOne(set(), 3)]).toEqual([3])
    expect([...toggleOne(set(3, 4), 3)]).toEqual([4])
  })

  it('reads the page as none, some or all chosen', () => {
    expect(pageState(set(), [1, 2])).toBe('none')
    expect(pageState(set(1, 9), [1, 2])).toBe('some')
    expect(pageState(set(1, 2), [1, 2])).toBe('all')
    expect(pageState(set(), [])).toBe('none')
  })

  it('select-all chooses the whole page, and clears it when all were chosen', () => {
    expect([...toggleAll(set(2), [1, 2, 3])].sort()).toEqual([1, 2, 3])
    expect([...toggleAll(set(1, 2, 3), [1, 2, 3])]).toEqual([])
  })

  it('keeps only the rows still on the page, the same set when nothing left', () => {
    const chosen = set(1, 2)
    expect(onPage(chosen, [1, 2, 3])).toBe(chosen)
    expect([...onPage(chosen, [2, 3])]).toEqual([2])
  })
})

describe('useRowSelection', () => {
  it('drops rows that leave the page for good, keeps those a refetch keeps', () => {
    const { result, rerender } = renderHook(({ ids }) => useRowSelection(ids), { initialProps: { ids: [1, 2, 3] } })
    act(() => result.current.toggle(1))
    act(() => result.current.toggle(2))
    expect(result.current.state).toBe('some')
    // A background refetch: a new array, the same rows.
    rerender({ ids: [1, 2, 3] })
    expect([...result.current.selected]).toEqual([1, 2])
    // Another page, then back: the earlier choice is gone.
    rerender({ ids: [4, 5] })
    expect(result.current.selected.size).toBe(0)
    rerender({ ids: [1, 2, 3] })
    expect(result.current.selected.size).toBe(0)
  })

  it('select-all then clear', () => {
    const { result } = renderHook(() => useRowSelection([7, 8]))
    act(() => result.current.toggleAll())
    expect(result.current.state).toBe('all')
    act(() => result.current.clear())
    expect(result.current.state).toBe('none')
  })
})
