import { describe, expect, it } from 'vitest'
import { fromDateTimeInput, toDateTimeInput } from './timestamps'

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
