import { describe, expect, it } from 'vitest'
import { displayText, formatValue, parseDateText } from './date-text'

const value = (kind: 'date' | 'month' | 'datetime', text: string) => {
  const d = parseDateText(kind, text)
  return d ? formatValue(kind, d) : undefined
}

describe('date text', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026/3/5', '2026-03-05'],
    ['2026.03.05', '2026-03-05'],
    ['20260305', '2026-03-05'],
    [' 2026-3-5 ', '2026-03-05'],
    ['2026-02-30', undefined],
    ['2026-13-01', undefined],
    ['2026-3', undefined],
    ['202635', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('reads the day %j as %j', (text, want) => {
    expect(value('date', text)).toBe(want)
  })

  it.each([
    ['2026-04', '2026-04'],
    ['2026/4', '2026-04'],
    ['202604', '2026-04'],
    ['2026-00', undefined],
    ['2026-04-01', undefined],
  ])('reads the month %j as %j', (text, want) => {
    expect(value('month', text)).toBe(want)
  })

  it.each([
    ['2026-03-01T20:05:09', '2026-03-01T20:05:09'],
    ['2026-03-01 20:05', '2026-03-01T20:05:00'],
    ['2026/3/1 8:05:09', '2026-03-01T08:05:09'],
    ['2026-03-01', '2026-03-01T00:00:00'],
    ['2026-03-01 24:00:00', undefined],
    ['2026-03-01 20:61', undefined],
    ['2026-03-01 20:05 x', undefined],
  ])('reads the date-time %j as %j', (text, want) => {
    expect(value('datetime', text)).toBe(want)
  })

  it('shows a date-time with a space, other values as they are', () => {
    expect(displayText('datetime', '2026-03-01T20:05:09')).toBe('2026-03-01 20:05:09')
    expect(displayText('date', '2026-03-01')).toBe('2026-03-01')
    expect(displayText('month', '2026-03')).toBe('2026-03')
  })
})
