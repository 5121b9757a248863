import { describe, expect, it } from 'vitest'
import { PRESETS, presetRange } from './date-presets'
import { formatDay } from './date-text'

// Wednesday 2026-03-04, in the browser's zone.
const now = new Date(2026, 2, 4, 15, 30)
const range = (preset: (typeof PRESETS)[number], weekStartsOn = 1) => {
  const r = presetRange(preset, now, weekStartsOn)
  return `${formatDay(r.from)}~${formatDay(r.to)}`
}

describe('range presets', () => {
  it.each([
    ['today', '2026-03-04~2026-03-04'],
    ['thisWeek', '2026-03-02~2026-03-08'],
    ['thisMonth', '2026-03-01~2026-03-31'],
    ['lastMonth', '2026-02-01~2026-02-28'],
    ['last30Days', '2026-02-03~2026-03-04'],
  ] as const)('%s runs %s', (preset, want) => {
    expect(range(preset)).toBe(want)
  })

  it('starts the week on the locale first day', () => {
    expect(range('thisWeek', 0)).toBe('2026-03-01~2026-03-07')
  })

  it('turns the year for last month in January', () => {
    const r = presetRange('lastMonth', new Date(2026, 0, 10), 1)
    expect(`${formatDay(r.from)}~${formatDay(r.to)}`).toBe('2025-12-01~2025-12-31')
  })
})
