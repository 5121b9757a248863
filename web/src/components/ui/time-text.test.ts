import { describe, expect, it } from 'vitest'
import { fitTimes, isTimeText } from './time-text'

describe('dates and times in tables', () => {
  it('are the texts the server writes them as, whole', () => {
    for (const text of ['2026-12-07', '2026-12-07 01:50', '2026-12-07 01:50:00']) expect(isTimeText(text)).toBe(true)
    for (const text of ['2026-12-07 ~ 2026-12-31', '2026-12-07 导入', '01:50:00', '2026-12', 20261207]) expect(isTimeText(text)).toBe(false)
  })

  it('widen their column to the longest, at a digit a character, padding and border included', () => {
    const column = ['2026-12-07 01:50:00', '2026-12-07 01:50', '-']
    expect(fitTimes(160, column, 10)).toBe('max(160px, calc(19ch + 21px))')
    expect(fitTimes('12rem', ['2026-12-07'], 12)).toBe('max(12rem, calc(10ch + 25px))')
    expect(fitTimes(undefined, column, 12)).toBe('calc(19ch + 25px)')
    // A column of anything else keeps its width.
    expect(fitTimes(160, ['张三', '2026-12-07 导入'], 10)).toBe(160)
    expect(fitTimes(undefined, [], 10)).toBeUndefined()
  })
})
