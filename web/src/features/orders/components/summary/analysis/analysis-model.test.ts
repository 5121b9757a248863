import { describe, expect, it } from 'vitest'
import { answer, analysisOrder, curve, spot } from './analysis-fixtures'
import {
  analysisArgs, analysisRows, clampPage, curveArgs, defaultQuery, isEmptyCell, nearestIndex, pageCount, queryProblem, spotSamples, spotWindow, tsMs,
} from './analysis-model'

describe('the analysis query', () => {
  it('starts on the order: its product and group over its cycle, per day', () => {
    expect(defaultQuery(analysisOrder)).toEqual({ productId: '5', groupId: '9', from: '2026-03-01', to: '2026-03-31', timeType: '3', days: '1' })
  })

  it('is sent as the contract names it: the toolbar\'s category and source, the order\'s media, 10 a page; a day count only for type 5', () => {
    const q = defaultQuery(analysisOrder)
    expect(analysisArgs(q, { category: '2', source: '' }, 3, 2)).toEqual({
      category: '2', source: undefined, addTimes: '2026-03-01', endTimes: '2026-03-31', productId: 5, defaultId: 9, mediaId: 3,
      timeType: 3, timeTypeValue: undefined, page: 2, limit: 10,
    })
    expect(analysisArgs({ ...q, timeType: '5', days: '7' }, { category: '', source: '3' }, 3, 1)).toMatchObject({ timeType: 5, timeTypeValue: 7, source: '3' })
    expect(analysisArgs({ ...q, timeType: '4', days: '7' }, { category: '', source: '' }, 3, 1).timeTypeValue).toBeUndefined()
  })

  it('is refused before sending when a field is missing, the range reversed or the day count not 1–366', () => {
    const q = defaultQuery(analysisOrder)
    expect(queryProblem(q)).toBeNull()
    expect(queryProblem({ ...q, productId: '' })).toBe('product')
    expect(queryProblem({ ...q, groupId: '' })).toBe('group')
    expect(queryProblem({ ...q, to: '' })).toBe('range')
    expect(queryProblem({ ...q, from: '2026-04-01' })).toBe('reversed')
    for (const days of ['0', '367', '1.5', '', 'x']) expect(queryProblem({ ...q, timeType: '5', days }), days).toBe('days')
    expect(queryProblem({ ...q, timeType: '5', days: '366' })).toBeNull()
    // Another type ignores whatever the day count holds.
    expect(queryProblem({ ...q, timeType: '2', days: '' })).toBeNull()
  })
})

describe('the analysis grid', () => {
  it('has a row per slot and a cell per bucket label, in the answer\'s order; labels a slot lacks are empty cells', () => {
    const rows = analysisRows(answer())
    expect(rows.map((r) => r.slot)).toEqual(['19:10', '25:30'])
    expect(rows.map((r) => r.cells.map((c) => c.label))).toEqual([answer().time, answer().time])
    const [first, second] = rows
    expect(first.cells.map((c) => [c.m?.id ?? null, c.c?.id ?? null])).toEqual([[11, 12], [null, 13], [null, null]])
    expect(second.cells.map((c) => [c.m?.id ?? null, c.c?.id ?? null])).toEqual([[null, null], [null, null], [14, null]])
    expect(first.cells.map(isEmptyCell)).toEqual([false, false, true])
    expect(analysisRows(undefined)).toEqual([])
    expect(analysisRows(answer({ cData: [], total: 0 }))).toEqual([])
  })

  it('pages 10 slots: at least one page, a page past the end falls back to the last', () => {
    expect([0, 1, 10, 11, 25].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 3])
    expect(clampPage(3, 25)).toBe(3)
    expect(clampPage(4, 25)).toBe(3)
    expect(clampPage(2, 0)).toBe(1)
    expect(clampPage(0, 25)).toBe(1)
  })
})

describe('the spot curve', () => {
  it('asks for the spot\'s media, group, day, air time and seconds', () => {
    expect(curveArgs(spot())).toEqual({ mediaId: 3, defaultAudienceCityGroupId: 9, ymd: '2026-03-02', addTime: '19:10:05', duration: 15 })
  })

  it('shades the spot\'s own seconds; an air time past 24:00 is on the next calendar day', () => {
    const w = spotWindow(spot())
    expect(w.start).toBe(tsMs('2026-03-02 19:10:05'))
    expect(w.end - w.start).toBe(15_000)
    const late = spotWindow(spot({ ymd: '2026-03-31', addTime: '25:30:10', duration: 30 }))
    expect(late.start).toBe(tsMs('2026-04-01 01:30:10'))
    expect(late.end).toBe(tsMs('2026-04-01 01:30:40'))
  })

  it('takes the mean over the seconds in [start, end) per second, and over the minutes the spot overlaps per minute', () => {
    const c = curve()
    const inside = spotSamples(c.data, spotWindow(spot()), 'second')
    expect(inside.map((d) => d.ts.slice(-2))).toEqual(Array.from({ length: 15 }, (_, i) => String(5 + i).padStart(2, '0')))
    const mean = inside.reduce((s, d) => s + d.rating, 0) / inside.length
    expect(mean).toBeCloseTo(c.spotMean!, 9)
    const minutes = ['19:09:00', '19:10:00', '19:11:00', '19:12:00'].map((t, i) => ({ ts: `2026-03-02 ${t}`, rating: i }))
    // 19:10:50 for 15 s reaches into 19:11.
    expect(spotSamples(minutes, spotWindow(spot({ addTime: '19:10:50' })), 'minute').map((d) => d.rating)).toEqual([1, 2])
    expect(spotSamples(minutes, spotWindow(spot({ addTime: '19:10:00', duration: 60 })), 'minute').map((d) => d.rating)).toEqual([1])
  })

  it('finds the sample nearest a time for the tooltip', () => {
    const times = [0, 1000, 2000, 5000]
    expect([-50, 0, 400, 600, 1500, 3400, 3600, 9000].map((x) => nearestIndex(times, x))).toEqual([0, 0, 0, 1, 1, 2, 3, 3])
    expect(nearestIndex([], 5)).toBe(-1)
  })

  it('reads the lake\'s naive times as they are, whatever the browser\'s zone', () => {
    expect(tsMs('2026-03-02 19:10:05')).toBe(Date.UTC(2026, 2, 2, 19, 10, 5))
    expect(tsMs('2026-03-02T19:10:05')).toBe(Date.UTC(2026, 2, 2, 19, 10, 5))
    expect(Number.isNaN(tsMs('19:10'))).toBe(true)
  })
})
