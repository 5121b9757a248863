import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { curve, spot } from '@/testing/analysis-fixtures'
import { spotWindow, tsMs } from './analysis-model'
import SpotCurveChart, { CHART_MARGIN, curveScales } from './spot-curve-chart'

const WIDTH = 640
const HEIGHT = 280
const inner = { w: WIDTH - CHART_MARGIN.left - CHART_MARGIN.right, h: HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom }
const draw = (c = curve(), s = spot()) => {
  const window = spotWindow(s)
  render(<SpotCurveChart curve={c} window={window} width={WIDTH} height={HEIGHT} />)
  return { window, ...curveScales(c, window, inner.w, inner.h) }
}
const num = (el: Element, attr: string) => Number(el.getAttribute(attr))

describe('the spot curve chart', () => {
  it('spans the series on the time axis and shades exactly the spot\'s seconds', () => {
    const { x, window } = draw()
    expect(x(new Date(tsMs('2026-03-02 19:10:00')))).toBe(0)
    expect(x(new Date(tsMs('2026-03-02 19:10:29')))).toBe(inner.w)
    const shade = screen.getByTestId('spot-shade')
    // 19:10:05 to 19:10:20 of a 29-second axis.
    expect(num(shade, 'x')).toBeCloseTo((5 / 29) * inner.w, 6)
    expect(num(shade, 'width')).toBeCloseTo((15 / 29) * inner.w, 6)
    expect(num(shade, 'x') + num(shade, 'width')).toBeCloseTo(x(new Date(window.end)), 6)
    expect(num(shade, 'height')).toBe(inner.h)
  })

  it('widens the axis to the spot when the series stops short of it', () => {
    const c = curve({ data: curve().data.slice(0, 10) })
    const { x } = draw(c)
    // The series ends at 19:10:09; the spot runs to 19:10:20, which is the axis' end.
    expect(x(new Date(tsMs('2026-03-02 19:10:20')))).toBe(inner.w)
    expect(num(screen.getByTestId('spot-shade'), 'x') + num(screen.getByTestId('spot-shade'), 'width')).toBeCloseTo(inner.w, 6)
  })

  it('draws the mean as a labelled line at its height, none when there is no mean', () => {
    const { y } = draw()
    const mean = screen.getByTestId('spot-mean')
    const line = mean.querySelector('line')!
    expect(num(line, 'y1')).toBeCloseTo(y(2.2), 6)
    expect(num(line, 'y2')).toBeCloseTo(y(2.2), 6)
    expect(mean.textContent).toBe('均值 2.2000')
    // The y axis reaches past the highest rating (3.9).
    expect(y.domain()[1]).toBeGreaterThanOrEqual(3.9)
  })

  it('has no mean line when the server gave none', () => {
    draw(curve({ spotMean: null }))
    expect(screen.queryByTestId('spot-mean')).toBeNull()
  })

  it('tells a sample\'s time and rating under the pointer and with the arrow keys', async () => {
    const { x } = draw()
    const chart = screen.getByRole('img', { name: '测试卫视 · 全国4+ 收视率曲线，点位 19:10:05–19:10:20 已标出' })
    const overlay = chart.querySelector('svg g > rect[fill="transparent"]')!
    fireEvent.pointerMove(overlay, { clientX: CHART_MARGIN.left + x(new Date(tsMs('2026-03-02 19:10:07'))) + 3, clientY: 50 })
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:07 收视率 1.7000')
    expect(document.querySelector('.spot-curve__tooltip')?.textContent).toBe('2026-03-02 19:10:07 收视率 1.7000')
    fireEvent.pointerLeave(overlay)
    expect(screen.getByRole('status').textContent).toBe('')
    expect(document.querySelector('.spot-curve__tooltip')).toBeNull()

    const user = userEvent.setup()
    chart.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:00 收视率 1.0000')
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:02 收视率 1.2000')
    await user.keyboard('{End}')
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:29 收视率 3.9000')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:29 收视率 3.9000')
    await user.keyboard('{Home}')
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:00 收视率 1.0000')
  })

  it('draws a per-minute series as steps held to the next minute, and tells the minute under the pointer', () => {
    const minutes = curve({
      resolution: 'minute',
      data: [{ ts: '2026-03-02 19:09:00', rating: 1 }, { ts: '2026-03-02 19:10:00', rating: 2 }, { ts: '2026-03-02 19:11:00', rating: 1.5 }],
      spotMean: 2,
    })
    const { x, y } = draw(minutes)
    // The axis runs to the last minute's end.
    expect(x(new Date(tsMs('2026-03-02 19:12:00')))).toBe(inner.w)
    const d = document.querySelector('.spot-curve__line')!.getAttribute('d')!
    const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])])
    const at = (ts: string, rating: number) => [x(new Date(tsMs(ts))), y(rating)]
    const want = [at('2026-03-02 19:09:00', 1), at('2026-03-02 19:10:00', 1), at('2026-03-02 19:10:00', 2), at('2026-03-02 19:11:00', 2), at('2026-03-02 19:11:00', 1.5), at('2026-03-02 19:12:00', 1.5)]
    expect(points).toHaveLength(want.length)
    points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(want[i][0], 1)
      expect(p[1]).toBeCloseTo(want[i][1], 1)
    })
    // 19:10:50 is on 19:10's step (the nearest sample would be 19:11).
    const overlay = document.querySelector('svg g > rect[fill="transparent"]')!
    fireEvent.pointerMove(overlay, { clientX: CHART_MARGIN.left + x(new Date(tsMs('2026-03-02 19:10:50'))), clientY: 50 })
    expect(screen.getByRole('status').textContent).toBe('2026-03-02 19:10:00 收视率 2.0000')
  })

  it('reads times past midnight on the spot\'s broadcast day: axis, tooltip and name alike', async () => {
    const late = curve({ data: curve().data.map((d, i) => ({ ...d, ts: `2026-11-04 00:10:${String(i).padStart(2, '0')}` })) })
    const s = spot({ ymd: '2026-11-03', addTime: '24:10:05' })
    render(<SpotCurveChart curve={late} window={spotWindow(s)} day={s.ymd} width={WIDTH} height={HEIGHT} />)
    const chart = screen.getByRole('img', { name: '测试卫视 · 全国4+ 收视率曲线，点位 24:10:05–24:10:20 已标出' })
    const ticks = [...document.querySelectorAll('.visx-axis-bottom .visx-axis-tick text')].map((t) => t.textContent)
    expect(ticks.length).toBeGreaterThan(1)
    for (const tick of ticks) expect(tick).toMatch(/^24:10:/)
    chart.focus()
    await userEvent.setup().keyboard('{Home}')
    expect(screen.getByRole('status').textContent).toBe('2026-11-03 24:10:00 收视率 1.0000')
  })
})
