import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { GridMonth, GridRow } from '../api/get-summary-grid'
import { SummaryGrid } from './summary-grid'
import { layGridOut } from '@/testing/summary-fixtures'

const line = (id: number): GridRow => ({
  id, contractNumber: `HT-${id}`, type: 'A', position: '', length: 15, product_magnetic_tape: { id: 1, mediaFileName: 'v1.mp4' },
  time_period: { id: 2, timePeriodName: '早间' }, timePeriodId: 2, pointDateYm: '2026-03',
  order_summary_grp_ymd: Array.from({ length: 31 }, (_, i) => ({
    id: id * 100 + i + 1, d: i + 1, ymd: `2026-03-${String(i + 1).padStart(2, '0')}`, point: 1, value: '', type: 'A', isHe: 1,
    reasonType: '1', reasonValue: '', reasonDisappearance: '0', mdp: null, aired: 0, moved: 0, makeGood: 0, order_summary_grp_ymd_operation: [],
  })),
  remainingTimes: 31, publishedTimes: 0, issuedGrp: 0, issuedSpots: 0, averageViewershipThisMonth: 0, viewEstimated: 0, viewEstimatedLow: 0, viewEstimatedHigh: 0,
  estimated: 0, estimatedLow: 0, estimatedHigh: 0, totalTimes: 31,
})

const NONE_OWED = { owed: 0, scheduled: 0, outstanding: 0 }

layGridOut(1200)

describe('the summary grid', () => {
  it('keeps only the lines and columns in view of a 1,000-line month in the DOM', () => {
    const month: GridMonth = { pointDateYm: '2026-03', makeGood: NONE_OWED, unplacedSpots: 0, unplacedGrp: 0, data: Array.from({ length: 1000 }, (_, i) => line(i + 1)) }
    render(<SummaryGrid month={month} onAction={() => {}} />)
    const grid = screen.getByRole('grid', { name: '2026-03 汇总表' })
    expect(grid.getAttribute('aria-rowcount')).toBe('1000')
    const left = grid.querySelectorAll('.summary-grid__left-row').length
    expect(left).toBeGreaterThan(15)
    expect(left).toBeLessThan(60)
    const days = grid.querySelectorAll('[data-row][data-col]')
    expect(days.length).toBeGreaterThan(0)
    expect(days.length).toBeLessThan(60 * 41)
    // The body is as tall as every line, so the scrollbar is the whole month's.
    expect((grid.querySelector('.summary-grid__body') as HTMLElement).style.height).toBe('30000px')
    // Exactly one tab stop: the first day of the first line.
    expect([...days].filter((d) => (d as HTMLElement).tabIndex === 0).map((d) => `${(d as HTMLElement).dataset.row}:${(d as HTMLElement).dataset.col}`)).toEqual(['0:0'])
  })

  it('is one stop of the Tab key, landing on its active cell', async () => {
    const month: GridMonth = { pointDateYm: '2026-03', makeGood: NONE_OWED, unplacedSpots: 0, unplacedGrp: 0, data: [line(1), line(2)] }
    render(
      <>
        <button type="button">before</button>
        <SummaryGrid month={month} onAction={() => {}} />
        <button type="button">after</button>
      </>,
    )
    const user = userEvent.setup()
    await user.tab()
    await user.tab()
    expect(document.activeElement?.getAttribute('data-row')).toBe('0')
    expect(document.activeElement?.getAttribute('data-col')).toBe('0')
    await user.tab()
    expect(document.activeElement?.textContent).toBe('after')
  })

  it('anchors the cell menu at the pointer in viewport coordinates, outside the transformed dialog', async () => {
    const month: GridMonth = { pointDateYm: '2026-03', makeGood: NONE_OWED, unplacedSpots: 0, unplacedGrp: 0, data: [line(1), line(2)] }
    // The 汇总 dialog is draggable by a transform, which makes it the containing block of any
    // `position: fixed` box inside it: the anchor must not be one of those.
    const { container } = render(
      <div style={{ transform: 'translate(0px, 0px)' }}>
        <SummaryGrid month={month} onAction={() => {}} />
      </div>,
    )
    fireEvent.contextMenu(screen.getByRole('grid').querySelector('[data-row="1"][data-col="2"]')!, { clientX: 300, clientY: 200 })
    expect(await screen.findByRole('menu')).toBeTruthy()
    const anchor = document.querySelector<HTMLElement>('.summary-menu__anchor')!
    expect(container.contains(anchor)).toBe(false)
    expect(anchor.parentElement).toBe(document.body)
    expect([anchor.style.left, anchor.style.top]).toEqual(['300px', '200px'])
  })

  it('puts a recorded reason in the cell\'s tooltip beside its short and make-good text', () => {
    const reasoned = line(1)
    reasoned.order_summary_grp_ymd[4] = {
      ...reasoned.order_summary_grp_ymd[4], point: 3, aired: 1, moved: 1, reasonDisappearance: '1', reasonType: '2', reasonValue: '客户要求', makeGood: 1,
    }
    const month: GridMonth = { pointDateYm: '2026-03', makeGood: NONE_OWED, unplacedSpots: 0, unplacedGrp: 0, data: [reasoned] }
    render(<SummaryGrid month={month} onAction={() => {}} />)
    const day = screen.getByRole('grid').querySelector<HTMLElement>('[data-row="0"][data-col="4"]')!
    expect(day.title).toBe('2026-03-05 · 3 个点位 · 原因：客户要求 · 缺播 2 个，已移动 1 个 · 补播 1 个')
    expect(day.className).toContain('summary-grid__day--reason')
  })
})
