import { describe, expect, it } from 'vitest'
import { clampPage, dayColumns, dayLabel, daysInMonth, lineTotal, marksByDay, pageCount, pageOf, pointsByDay, weekdayOf } from './template-days'

describe('template day columns', () => {
  it('labels days with two digits', () => {
    expect([1, 9, 10, 31].map(dayLabel)).toEqual(['01', '09', '10', '31'])
  })

  it('computes weekdays from the month and the day, whatever the time zone', () => {
    // 2026-03-01 is a Sunday, 2026-03-07 a Saturday; 2024-02-29 a Thursday.
    expect(weekdayOf('2026-03', 1)).toBe(0)
    expect(weekdayOf('2026-03', 7)).toBe(6)
    expect(weekdayOf('2024-02', 29)).toBe(4)
    expect(weekdayOf('2025-12', 31)).toBe(3)
  })

  it('makes one column per day of the month with its weekends marked', () => {
    const march = dayColumns('2026-03', 31)
    expect(march).toHaveLength(31)
    expect(march[0]).toEqual({ d: 1, label: '01', date: '2026-03-01', weekday: 0, weekend: true })
    expect(march.filter((c) => c.weekend).map((c) => c.label)).toEqual(['01', '07', '08', '14', '15', '21', '22', '28', '29'])
    expect(march[30].label).toBe('31')
  })

  it('counts the days itself when the server does not say', () => {
    expect(daysInMonth('2026-02')).toBe(28)
    expect(daysInMonth('2024-02')).toBe(29)
    expect(daysInMonth('2026-04')).toBe(30)
    expect(dayColumns('2024-02').map((c) => c.label).at(-1)).toBe('29')
  })
})

describe('template lines', () => {
  const day = (d: number, point: number) => ({ d, point, isHe: 1, reasonDisappearance: '0', aired: 0 })
  const line = { order_template_ymd: [day(3, 2), day(15, 1), day(3, 1)] }

  it('reads spots by day and totals them', () => {
    const points = pointsByDay(line)
    expect(points.get(3)).toBe(3)
    expect(points.get(15)).toBe(1)
    expect(points.has(4)).toBe(false)
    expect(lineTotal(line)).toBe(4)
  })

  it('pages lines ten at a time and keeps the page in range', () => {
    const lines = Array.from({ length: 23 }, (_, i) => i + 1)
    expect(pageCount(23)).toBe(3)
    expect(pageCount(0)).toBe(1)
    expect(pageOf(lines, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(pageOf(lines, 3)).toEqual([21, 22, 23])
    // A re-import left fewer lines: the last page shows, not an empty one.
    expect(clampPage(5, 12)).toBe(2)
    expect(pageOf(lines.slice(0, 12), 5)).toEqual([11, 12])
    expect(clampPage(0, 12)).toBe(1)
    expect(pageOf([], 2)).toEqual([])
  })
})

describe('the certificate marks of a line', () => {
  it('greys a day whose cells all aired, flags a day with a short cell, leaves the others unmarked', () => {
    const cells = [
      { d: 1, point: 2, isHe: 2, reasonDisappearance: '0', aired: 2 },
      { d: 2, point: 3, isHe: 1, reasonDisappearance: '1', aired: 1 },
      { d: 3, point: 1, isHe: 1, reasonDisappearance: '0', aired: 0 },
      // Two cells on one day: one verified, one short — the short one wins.
      { d: 4, point: 1, isHe: 2, reasonDisappearance: '0', aired: 1 },
      { d: 4, point: 2, isHe: 1, reasonDisappearance: '1', aired: 0 },
      // Two verified cells on one day (a free C spot added to the planned one).
      { d: 5, point: 1, isHe: 2, reasonDisappearance: '0', aired: 1 },
      { d: 5, point: 1, isHe: 2, reasonDisappearance: '0', aired: 1 },
      // One verified and one unmarked: not every spot of the day is checked.
      { d: 6, point: 1, isHe: 2, reasonDisappearance: '0', aired: 1 },
      { d: 6, point: 1, isHe: 1, reasonDisappearance: '0', aired: 0 },
    ]
    const marks = marksByDay({ order_template_ymd: cells })
    expect(Object.fromEntries(marks)).toEqual({
      1: { state: 'verified', aired: 2, point: 2 },
      2: { state: 'missing', aired: 1, point: 3 },
      4: { state: 'missing', aired: 1, point: 3 },
      5: { state: 'verified', aired: 2, point: 2 },
    })
  })
})
