import { describe, expect, it } from 'vitest'
import { answer, analysisOrder, curve, spot } from '@/testing/analysis-fixtures'
import {
  analysisArgs, analysisRows, broadcastClock, broadcastStamp, clampPage, curveArgs, daysProblem, defaultQuery, isEmptyCell, meanLabelBox, nearestIndex, pageCount,
  queryProblem, spotSamples, spotWindow, stepIndex, tsMs, withSpotsOnly,
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

describe('the point details\' notation and layout', () => {
  it('writes times past the broadcast day\'s midnight as 24:00 on, as the spot\'s header does', () => {
    const { start } = spotWindow(spot({ ymd: '2026-11-03', addTime: '24:10:05' }))
    expect(broadcastClock(start, '2026-11-03')).toBe('24:10:05')
    expect(broadcastClock(tsMs('2026-11-03 23:59:59'), '2026-11-03')).toBe('23:59:59')
    expect(broadcastStamp('2026-11-04 00:15:00', '2026-11-03')).toBe('2026-11-03 24:15:00')
    expect(broadcastStamp('2026-11-03 19:10:05', '2026-11-03')).toBe('2026-11-03 19:10:05')
    // Before the day (a curve starting the evening before): the calendar's own.
    expect(broadcastStamp('2026-11-02 23:58:00', '2026-11-03')).toBe('2026-11-02 23:58:00')
    expect(broadcastClock(tsMs('2026-11-02 23:58:00'), '2026-11-03')).toBe('23:58:00')
  })

  it('finds the minute a time falls in (a step), not the nearest minute', () => {
    const minutes = [0, 60_000, 120_000]
    expect(stepIndex(minutes, 59_000)).toBe(0)
    expect(stepIndex(minutes, 60_000)).toBe(1)
    expect(stepIndex(minutes, 500_000)).toBe(2)
    expect(stepIndex(minutes, -5)).toBe(0)
    expect(stepIndex([], 5)).toBe(-1)
    expect(nearestIndex(minutes, 59_000)).toBe(1)
  })

  it('puts the mean\'s label where the curve does not cross it', () => {
    const size = { width: 60, height: 16 }
    // A flat curve just above the line at the right end: the label goes below it there.
    const right = [{ x: 0, y: 150 }, { x: 200, y: 150 }, { x: 220, y: 92 }, { x: 400, y: 92 }]
    expect(meanLabelBox(right, 100, size, 400, 200)).toEqual({ x: 336, y: 104, ...size })
    // Crossing both boxes on the right: the left end, above.
    const rightAll = [{ x: 0, y: 180 }, { x: 250, y: 180 }, { x: 260, y: 90 }, { x: 300, y: 110 }, { x: 340, y: 90 }, { x: 380, y: 110 }, { x: 400, y: 90 }]
    expect(meanLabelBox(rightAll, 100, size, 400, 200)).toEqual({ x: 4, y: 80, ...size })
    // Nothing near: the right end, above.
    expect(meanLabelBox([{ x: 0, y: 190 }, { x: 400, y: 190 }], 100, size, 400, 200)).toEqual({ x: 336, y: 80, ...size })
  })

  it('marks a day count that is not a whole number 1…366', () => {
    expect(['0', '367', '1.5', '', 'x'].map(daysProblem)).toEqual([true, true, true, true, true])
    expect(['1', ' 7 ', '366'].map(daysProblem)).toEqual([false, false, false])
  })
})

describe('days with spots only', () => {
  it('leaves out the columns empty in every row, and each row\'s cells under them', () => {
    const a = answer({ time: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'] })
    const { labels, rows } = withSpotsOnly(a.time, analysisRows(a))
    expect(labels).toEqual(['2026-03-02', '2026-03-03', '2026-03-04'])
    expect(rows.map((r) => r.cells.map((c) => c.label))).toEqual([labels, labels])
    expect(rows[1].cells.map((c) => c.m?.id ?? null)).toEqual([null, null, 14])
    expect(withSpotsOnly([], [])).toEqual({ labels: [], rows: [] })
  })
})
