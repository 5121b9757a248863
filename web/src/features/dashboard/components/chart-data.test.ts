import { describe, expect, it } from 'vitest'
import type { DashboardIndex } from '../api'
import {
  axisMax, brushWindow, comboSeries, countTicks, edgeWindow, formatValue, initialSelection, initialWindow, isolated, labelStep, PALETTE, perSpotSeries, resizeWindow, SAFE_PIXEL, selectionWindow,
  seriesColors, shiftWindow, tableRows, windowed, wrapLabel,
} from './chart-data'

const names = { grp: '毛评点', spots: '点位数', perSpot: '每点位毛评点' }
const index: DashboardIndex = {
  time: ['2026-03-02', '2026-03-22'],
  tTime: ['2026-W10', '2026-W11', '2026-W12'],
  tData: [{ id: 3, name: '伊利', t: [1.5, 0, 2.25] }, { id: 7, name: '蒙牛', t: [0.333, 0.667, 0] }],
  cData: [{ id: 3, name: '伊利', t: [2, 0, 3] }, { id: 7, name: '蒙牛', t: [1, 2, 0] }],
  oData: [{ id: 3, name: '伊利', t: [0.75, null, 0.75] }, { id: 7, name: '蒙牛', t: [0.333, 0.334, null] }],
}

describe('series shaping', () => {
  it('pairs each product’s GRP bars (left) with its spots line (right), one colour per product', () => {
    const series = comboSeries(index, names)
    expect(series.map((s) => [s.key, s.label, s.mark, s.axis, s.decimals])).toEqual([
      ['grp:3', '伊利 毛评点', 'bar', 'left', 3],
      ['spots:3', '伊利 点位数', 'line', 'right', 0],
      ['grp:7', '蒙牛 毛评点', 'bar', 'left', 3],
      ['spots:7', '蒙牛 点位数', 'line', 'right', 0],
    ])
    expect(series[0].color).toBe(series[1].color)
    expect(series[0].color).not.toBe(series[2].color)
    expect(comboSeries(undefined, names)).toEqual([])
  })

  it('turns the series into table rows: a row per bucket, a cell per series, gaps as —', () => {
    expect(tableRows(index.tTime, comboSeries(index, names))).toEqual([
      { label: '2026-W10', cells: ['1.500', '2', '0.333', '1'] },
      { label: '2026-W11', cells: ['0.000', '0', '0.667', '2'] },
      { label: '2026-W12', cells: ['2.250', '3', '0.000', '0'] },
    ])
    expect(tableRows(index.tTime, perSpotSeries(index, names))).toEqual([
      { label: '2026-W10', cells: ['0.750', '0.333'] },
      { label: '2026-W11', cells: ['—', '0.334'] },
      { label: '2026-W12', cells: ['0.750', '—'] },
    ])
  })

  it('formats without a negative zero and shows non-numbers as gaps', () => {
    expect(formatValue(-0.00001, 3)).toBe('0.000')
    expect(formatValue(-0.0001, 3)).toBe('-0.0001')
    expect(formatValue(-1.5, 3)).toBe('-1.500')
    expect(formatValue(null, 3)).toBe('—')
    expect(formatValue(Number.NaN, 0)).toBe('—')
    expect(formatValue(12, 0)).toBe('12')
  })

  it('knows a point no line reaches', () => {
    const values = [1, null, 2, 3, null, 4]
    expect(values.map((_, i) => isolated(values, i))).toEqual([true, false, false, false, false, true])
    expect(isolated([null], 0)).toBe(false)
  })

  it('finds each axis’ largest value, ignoring gaps', () => {
    const series = [...comboSeries(index, names), ...perSpotSeries(index, names)]
    expect(axisMax(series, 'left')).toBe(2.25)
    expect(axisMax(series, 'right')).toBe(3)
    expect(axisMax([], 'left')).toBe(0)
  })
})

describe('x labels', () => {
  it('wrap every 10 characters, a run of days after its 「~」', () => {
    expect(wrapLabel('2026-W10')).toEqual(['2026-W10'])
    expect(wrapLabel('11-01~11-03')).toEqual(['11-01~', '11-03'])
    expect(wrapLabel('2025-11-27~2026-11-26')).toEqual(['2025-11-27~', '2026-11-26'])
    expect(wrapLabel('~')).toEqual(['~'])
    expect(wrapLabel('一二三四五六七八九十甲乙')).toEqual(['一二三四五六七八九十', '甲乙'])
    expect(wrapLabel('abcdefghij')).toEqual(['abcdefghij'])
    expect(wrapLabel('')).toEqual([''])
  })

  it('are thinned so they do not overlap', () => {
    expect(labelStep(10, 800, 70)).toBe(1)
    expect(labelStep(366, 800, 70)).toBe(33)
    expect(labelStep(0, 800, 70)).toBe(1)
  })
})

describe('brush windowing', () => {
  it('starts on every bucket when there are 12 or fewer, else on the newest 70 % (docs/dashboard.md "The screen")', () => {
    // An order of two months by month: both months drawn, not November alone (0–70 % of 2
    // buckets held only the first one's centre and hid the current month).
    expect(initialWindow(2)).toEqual({ start: 0, end: 2 })
    expect(initialWindow(5)).toEqual({ start: 0, end: 5 })
    expect(initialWindow(12)).toEqual({ start: 0, end: 12 })
    expect(initialWindow(1)).toEqual({ start: 0, end: 1 })
    expect(initialWindow(0)).toEqual({ start: 0, end: 0 })
    // 13 buckets: 30 % is 3.9, so the window holds the centres 4.5 … 12.5: buckets 4–12 (9).
    expect(initialWindow(13)).toEqual({ start: 4, end: 13 })
    // 20 buckets: 30 % is 6, centres 6.5 … 19.5: the newest 14.
    expect(initialWindow(20)).toEqual({ start: 6, end: 20 })
    // 365 days: 30 % is 109.5, bucket 109's centre: shown, so the newest 256.
    expect(initialWindow(365)).toEqual({ start: 109, end: 365 })
  })

  it('selects in bucket units what the first window shows', () => {
    expect(initialSelection(2)).toEqual([0, 2])
    const [from, to] = initialSelection(20)
    expect(from).toBeCloseTo(6, 9)
    expect(to).toBe(20)
  })

  it('keeps the buckets whose centre is selected, whichever way it was dragged', () => {
    expect(brushWindow(10, 2.4, 5.6)).toEqual({ start: 2, end: 6 })
    expect(brushWindow(10, 5.6, 2.4)).toEqual({ start: 2, end: 6 })
    expect(brushWindow(10, -0.2, 99)).toEqual({ start: 0, end: 10 })
    // A sliver between two centres still shows the bucket it lies in.
    expect(brushWindow(10, 3.6, 3.9)).toEqual({ start: 3, end: 4 })
  })

  it('moves and resizes by whole buckets inside the range', () => {
    expect(shiftWindow({ start: 0, end: 7 }, 1, 10)).toEqual({ start: 1, end: 8 })
    expect(shiftWindow({ start: 2, end: 9 }, 5, 10)).toEqual({ start: 3, end: 10 })
    expect(shiftWindow({ start: 1, end: 8 }, -4, 10)).toEqual({ start: 0, end: 7 })
    expect(resizeWindow({ start: 2, end: 4 }, -5, 10)).toEqual({ start: 2, end: 3 })
    expect(resizeWindow({ start: 2, end: 9 }, 4, 10)).toEqual({ start: 2, end: 10 })
  })

  it('cuts a series to the window', () => {
    const [bars] = comboSeries(index, names)
    expect(windowed(bars, { start: 1, end: 3 }).values).toEqual([0, 2.25])
    expect(bars.values).toEqual([1.5, 0, 2.25])
  })

  it('takes visx\'s 2 px padding off a reported selection, so a window reported back stays the window', () => {
    // 365 buckets over 1,300 px: a bucket is 3.56 px, less than the two pads together.
    const count = 365
    const width = 1300
    const px = (bucket: number) => (bucket * width) / count
    const bucketOf = (p: number) => (p * count) / width
    // As visx reports the window 10…265: each edge 2 px further out.
    const report = (w: { start: number; end: number }) => selectionWindow(count, width, bucketOf(px(w.start) - SAFE_PIXEL), bucketOf(px(w.end) + SAFE_PIXEL))
    let w = { start: 10, end: 265 }
    for (let i = 0; i < 5; i++) w = report(shiftWindow(w, 1, count))
    expect(w).toEqual({ start: 15, end: 270 })
    // Without taking the pads off, each report would have added a bucket at the end.
    expect(brushWindow(count, bucketOf(px(10) - SAFE_PIXEL), bucketOf(px(265) + SAFE_PIXEL))).not.toEqual({ start: 10, end: 265 })
    // An edge on a bucket's centre, a hair off through the pixel scale, keeps that bucket.
    expect(selectionWindow(count, width, bucketOf(-SAFE_PIXEL), bucketOf(px(255.5 - 1e-9) + SAFE_PIXEL))).toEqual({ start: 0, end: 256 })
    // The range's edges: visx pads past them too.
    expect(selectionWindow(count, width, bucketOf(-SAFE_PIXEL), bucketOf(width + SAFE_PIXEL))).toEqual({ start: 0, end: count })
  })

  it('goes to either end of the range as wide as it is', () => {
    expect(edgeWindow({ start: 3, end: 6 }, 'start', 10)).toEqual({ start: 0, end: 3 })
    expect(edgeWindow({ start: 3, end: 6 }, 'end', 10)).toEqual({ start: 7, end: 10 })
  })
})

describe('series colours', () => {
  it('stay with the product whatever else is shown, and differ within a chart up to twenty', () => {
    expect(seriesColors([5]).get(5)).toBe(PALETTE[5])
    expect(seriesColors([2, 5, 9]).get(5)).toBe(PALETTE[5])
    // 25 takes 5's entry when 5 is not shown, the next free one when it is.
    expect(seriesColors([25]).get(25)).toBe(PALETTE[5])
    const both = seriesColors([25, 5])
    expect(both.get(5)).toBe(PALETTE[5])
    expect(both.get(25)).toBe(PALETTE[6])
    const many = seriesColors(Array.from({ length: 20 }, (_, i) => i * 20 + 1))
    expect(new Set(many.values()).size).toBe(20)
    expect(seriesColors(Array.from({ length: 25 }, (_, i) => i)).size).toBe(25)
  })

  it('can be told apart: any two of the first ten differ by ΔE ≥ 25, any two of all twenty by ΔE ≥ 18', () => {
    // CIE76 distance in L*a*b* (D65): about 2 is just noticeable; the old palette's orange and
    // gold (#fa8c16, #faad14) were 19.6 apart and read as one colour on the dashboard.
    const lab = (hex: string) => {
      const lin = (c: number) => (c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92)
      const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255))
      const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)
      const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883].map(f)
      return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
    }
    const distance = (p: string, q: string) => Math.hypot(...lab(p).map((v, i) => v - lab(q)[i]))
    const closest = (n: number) => Math.min(...PALETTE.slice(0, n).flatMap((p, i) => PALETTE.slice(i + 1, n).map((q) => distance(p, q))))
    expect(closest(10)).toBeGreaterThanOrEqual(25)
    expect(closest(20)).toBeGreaterThanOrEqual(18)
  })

  it('follow the product id in both charts', () => {
    const one = { ...index, tData: [index.tData[1]], cData: [index.cData[1]], oData: [index.oData[1]] }
    expect(comboSeries(one, names)[0].color).toBe(comboSeries(index, names)[2].color)
    expect(perSpotSeries(index, names)[1].color).toBe(comboSeries(index, names)[2].color)
  })

  it('count axes tick whole numbers only, the top one of them', () => {
    expect(countTicks(0)).toEqual({ top: 1, ticks: [0, 1] })
    expect(countTicks(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] })
    expect(countTicks(12)).toEqual({ top: 12, ticks: [0, 3, 6, 9, 12] })
    expect(countTicks(11)).toEqual({ top: 12, ticks: [0, 3, 6, 9, 12] })
  })
})
