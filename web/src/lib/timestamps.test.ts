import { describe, expect, it } from 'vitest'
import { dayAfter, fromDateTimeInput, localClock, localDay, localIso, toDateTimeInput } from './timestamps'

describe('timestamps', () => {
  it('round-trips unix seconds through a datetime-local value', () => {
    const value = '2026-03-01T19:30:05'
    const seconds = fromDateTimeInput(value)
    expect(seconds).toBe(String(new Date(value).getTime() / 1000))
    expect(toDateTimeInput(seconds)).toBe(value)
  })

  it('treats a missing value as unset', () => {
    expect(toDateTimeInput(undefined)).toBe('')
    expect(toDateTimeInput('x')).toBe('')
    expect(fromDateTimeInput('')).toBeUndefined()
  })
})

describe('local day and clock', () => {
  it('writes a moment in the browser zone', () => {
    const d = new Date(2026, 2, 1, 9, 5, 7)
    expect(localDay(d)).toBe('2026-03-01')
    expect(localClock(d)).toBe('09:05:07')
    const east = -d.getTimezoneOffset()
    const zone = `${east >= 0 ? '+' : '-'}${String(Math.floor(Math.abs(east) / 60)).padStart(2, '0')}:${String(Math.abs(east) % 60).padStart(2, '0')}`
    expect(localIso(d)).toBe(`2026-03-01T09:05:07${zone}`)
    expect(new Date(localIso(d)).getTime()).toBe(d.getTime())
  })

  it('steps to the next day across months, years and leap days', () => {
    expect(dayAfter('2026-02-28')).toBe('2026-03-01')
    expect(dayAfter('2028-02-28')).toBe('2028-02-29')
    expect(dayAfter('2026-12-31')).toBe('2027-01-01')
  })
})
