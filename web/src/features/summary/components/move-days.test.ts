import { describe, expect, it } from 'vitest'
import { moveDays, stillToAir } from './move-days'

const time = (today: string, confirmedMonths: string[] = []) => ({ today, cycleTimeAdd: '2026-02-10', cycleTimeEnd: '2026-04-20', confirmedMonths })

describe('moveDays', () => {
  it('runs from today, or the cycle\'s first day when later, to the cycle\'s last', () => {
    expect(moveDays(time('2026-03-10', ['2026-02']))).toEqual({ first: '2026-03-10', last: '2026-04-20', confirmed: ['2026-02'] })
    expect(moveDays(time('2026-01-05'))).toEqual({ first: '2026-02-10', last: '2026-04-20', confirmed: [] })
    expect(moveDays(undefined)).toBeNull()
  })

  it('lets a day air only from today on, within the cycle, outside a confirmed month', () => {
    const days = moveDays(time('2026-03-10', ['2026-02', '2026-04']))
    expect(['2026-03-09', '2026-03-10', '2026-03-31', '2026-04-05', '2026-04-21'].map((d) => stillToAir(days, d))).toEqual([false, true, true, false, false])
    // A cycle that is over has no day left.
    const over = moveDays(time('2026-05-01'))
    expect(['2026-04-20', '2026-05-01'].map((d) => stillToAir(over, d))).toEqual([false, false])
    // Unknown days: the server decides.
    expect(stillToAir(null, '2000-01-01')).toBe(true)
  })
})
