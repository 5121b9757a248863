import { describe, expect, it } from 'vitest'
import { cellClass, menuItems, monthDays, moveFocus, movableOf, selectable } from './summary-grid-model'
import type { GridCell } from '../api/get-summary-grid'

const cell = (over: Partial<GridCell> = {}): GridCell => ({
  id: 9, d: 3, ymd: '2026-03-03', point: 2, value: '', type: 'A', isHe: 1, reasonType: '1', reasonValue: '', reasonDisappearance: '0',
  mdp: null, aired: 0, moved: 0, makeGood: 0, order_summary_grp_ymd_operation: [], ...over,
})

describe('the days of a month', () => {
  it('has a column per day with its weekday, weekends marked', () => {
    const days = monthDays('2026-02')
    expect(days).toHaveLength(28)
    expect(days[0]).toEqual({ d: 1, ymd: '2026-02-01', weekday: 0, weekend: true })
    expect(days.filter((d) => d.weekend).map((d) => d.d)).toEqual([1, 7, 8, 14, 15, 21, 22, 28])
    expect(monthDays('2028-02')).toHaveLength(29)
    expect(monthDays('')).toEqual([])
  })
})

describe('a cell', () => {
  it('is grey verified, yellow withdrawn, with a green corner for a reason', () => {
    expect(cellClass(undefined, true)).toBe('summary-grid__day summary-grid__day--weekend')
    expect(cellClass(cell({ isHe: 2 }), false)).toBe('summary-grid__day summary-grid__day--verified')
    expect(cellClass(cell({ value: '撤掉', reasonType: '2' }), false)).toBe('summary-grid__day summary-grid__day--withdrawn summary-grid__day--reason')
    // A placeholder (id ≤ 0) is an empty day, whatever it carries.
    expect(cellClass(cell({ id: 0, isHe: 2 }), false)).toBe('summary-grid__day')
  })

  it('is outlined red when the certificate found it short, thinly once every missing spot moved; a blue corner for make-goods', () => {
    const short = cell({ point: 3, aired: 1, reasonDisappearance: '1' })
    expect(cellClass(short, false)).toBe('summary-grid__day summary-grid__day--short')
    expect(movableOf(short)).toBe(2)
    expect(cellClass({ ...short, moved: 2 }, false)).toBe('summary-grid__day summary-grid__day--short summary-grid__day--settled')
    // A verified cell aired in full: never short, whatever the flag says.
    expect(cellClass(cell({ isHe: 2, reasonDisappearance: '1' }), false)).toBe('summary-grid__day summary-grid__day--verified')
    expect(cellClass(cell({ type: 'B', makeGood: 2 }), false)).toBe('summary-grid__day summary-grid__day--make-good')
  })

  it('offers the menu its state allows: 移动 only on a short cell with missing spots not yet moved', () => {
    expect(menuItems(undefined)).toEqual(['modify'])
    expect(menuItems(cell({ id: -1 }))).toEqual(['modify'])
    expect(menuItems(cell())).toEqual(['modify', 'records'])
    expect(menuItems(cell({ isHe: 2 }))).toEqual(['reason', 'grp', 'records'])
    // Short (the certificate keeps it isHe 1): 3 planned, 1 aired, so 2 may move.
    const short = cell({ point: 3, aired: 1, reasonDisappearance: '1' })
    expect(menuItems(short)).toEqual(['modify', 'records', 'move'])
    expect(menuItems({ ...short, moved: 1 })).toEqual(['modify', 'records', 'move'])
    // Nothing left to move: every missing spot moved already, or all aired, or withdrawn.
    expect(menuItems({ ...short, moved: 2 })).toEqual(['modify', 'records'])
    expect(menuItems({ ...short, aired: 3 })).toEqual(['modify', 'records'])
    expect(menuItems({ ...short, value: '撤掉' })).toEqual(['modify', 'records'])
    // A verified cell is locked: never moved, whatever its flag.
    expect(menuItems(cell({ isHe: 2, reasonDisappearance: '1' }))).toEqual(['reason', 'grp', 'records'])
  })

  it('can join a batch only when stored and not verified', () => {
    expect(selectable(cell())).toBe(true)
    expect(selectable(cell({ isHe: 2 }))).toBe(false)
    expect(selectable(cell({ id: 0 }))).toBe(false)
    expect(selectable(undefined)).toBe(false)
  })
})

describe('keyboard navigation', () => {
  const at = { row: 5, col: 10 }
  it('moves by one, to the row’s ends and by a page, never out of the grid', () => {
    expect(moveFocus('ArrowUp', at, 20, 31, 8)).toEqual({ row: 4, col: 10 })
    expect(moveFocus('ArrowDown', at, 20, 31, 8)).toEqual({ row: 6, col: 10 })
    expect(moveFocus('ArrowLeft', at, 20, 31, 8)).toEqual({ row: 5, col: 9 })
    expect(moveFocus('ArrowRight', at, 20, 31, 8)).toEqual({ row: 5, col: 11 })
    expect(moveFocus('Home', at, 20, 31, 8)).toEqual({ row: 5, col: 0 })
    expect(moveFocus('End', at, 20, 31, 8)).toEqual({ row: 5, col: 30 })
    expect(moveFocus('PageUp', at, 20, 31, 8)).toEqual({ row: 0, col: 10 })
    expect(moveFocus('PageDown', at, 20, 31, 8)).toEqual({ row: 13, col: 10 })
    expect(moveFocus('PageDown', { row: 18, col: 0 }, 20, 31, 8)).toEqual({ row: 19, col: 0 })
    expect(moveFocus('ArrowRight', { row: 0, col: 30 }, 20, 31, 8)).toEqual({ row: 0, col: 30 })
    expect(moveFocus('a', at, 20, 31, 8)).toBeNull()
  })
})
