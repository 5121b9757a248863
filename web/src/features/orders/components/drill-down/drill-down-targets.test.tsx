import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DataTable } from '@/components/ui/data-table'
import { TooltipProvider } from '@/components/ui/tooltip'
import { i18n } from '@/lib/i18n'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '../../api/get-orders'
import type { GridMonth, GridRow } from '@/features/summary/api/get-summary-grid'
import { orderColumns } from '../orders-columns'
import { SummaryGrid } from '@/features/summary/components/summary-grid'
import { layGridOut } from '@/testing/summary-fixtures'
import { DrillDownProvider } from './drill-down'
import { DrillScope } from './drill-down-context'

const api = fakeApi({ figureRows: () => ({ data: [], total: 5, sum: 22.5, unit: 'grp' }) })
signedIn()
const sent = () => Object.fromEntries(api.sent.filter((s) => s.name === 'figureRows').at(-1)!.params)

layGridOut(4000)

const order = {
  id: 5, productName: '纯牛奶', cycleTimeMonth: '2026-03', createTime: '2026-03-01 10:00:00', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', customerDifference: -14.5, customerOverplay: -13.18, customerAlreadyUpsideDownThree: 40,
  mediaDifference: 15.5, mediaExpectedCompletion: 95.5, mediaUnestimatedSpots: 0, customerUnestimatedSpots: 0,
} as unknown as Order

describe('the order list opens the whole order’s rows', () => {
  it('of each side: 预计完成, 差值, 超播% and 已播正负三%', async () => {
    const t = i18n.getFixedT('zh-CN', 'orders')
    const columns = orderColumns(t, { onEdit: vi.fn(), onDelete: vi.fn(), onMore: vi.fn() })
    const { user } = renderPage(
      <DrillDownProvider>
        <TooltipProvider>
          <DataTable columns={columns} data={[order]} label="订单汇总" />
        </TooltipProvider>
      </DrillDownProvider>,
    )
    // Metrics and free broadcast are the contract as typed: nothing behind them.
    expect(screen.queryByTitle(/GRP$/)).toBeNull()
    await user.click(screen.getByTitle('查看明细：纯牛奶 · 媒体 差值'))
    const box = await screen.findByRole('dialog', { name: '纯牛奶 · 媒体 差值 · 明细' })
    await waitFor(() => expect(sent()).toEqual({ orderId: '5', figure: 'difference', belongingTo: '2', page: '1', limit: '20' }))
    expect(await within(box).findByText('与表中数字 15.500 不一致')).toBeTruthy()
    await user.keyboard('{Escape}')
    await user.click(screen.getByTitle('查看明细：纯牛奶 · 媒体 预计完成'))
    await waitFor(() => expect(sent()).toMatchObject({ figure: 'expected', belongingTo: '2' }))
    await user.keyboard('{Escape}')
    await user.click(screen.getByTitle('查看明细：纯牛奶 · 客户 已播正负三%'))
    await waitFor(() => expect(sent()).toMatchObject({ figure: 'upsideDownThree', belongingTo: '1' }))
  })
})

const line: GridRow = {
  id: 9, contractNumber: 'HT-9', type: 'A', position: '', length: 15, product_magnetic_tape: { id: 1, mediaFileName: 'v1.mp4' },
  time_period: { id: 2, timePeriodName: '早间' }, timePeriodId: 2, pointDateYm: '2026-03',
  order_summary_grp_ymd: [],
  remainingTimes: 3, publishedTimes: 4, issuedGrp: 22.5, issuedSpots: 5, averageViewershipThisMonth: 4.5, viewEstimated: 22.5, viewEstimatedHigh: 22.5,
  viewEstimatedLow: 22.5, estimated: 7.5, estimatedHigh: 9, estimatedLow: 6, totalTimes: 8,
}
const month: GridMonth = { pointDateYm: '2026-03', makeGood: { owed: 0, scheduled: 0, outstanding: 0 }, unplacedSpots: 0, unplacedGrp: 0, data: [line] }

const grid = () =>
  renderPage(
    <DrillDownProvider>
      <DrillScope.Provider value={{ orderId: 5, filter: { belongingTo: '2', category: '', source: '3' } }}>
        <SummaryGrid month={month} onAction={() => {}} />
      </DrillScope.Provider>
    </DrillDownProvider>,
  )

describe("the grid's line columns open the line's rows", () => {
  it('by a click: the average opens the issued GRP it divides', async () => {
    const { user } = grid()
    const cell = document.querySelector<HTMLElement>('[data-figure="averageViewershipThisMonth"]')!
    await user.click(cell)
    const box = await screen.findByRole('dialog', { name: '2026-03 · v1.mp4 早间 A · 本月平均收视 · 明细' })
    await waitFor(() => expect(sent()).toEqual({ orderId: '5', figure: 'issuedGrp', belongingTo: '2', source: '3', lineId: '9', page: '1', limit: '20' }))
    expect(await within(box).findByText('22.500 ÷ 5 次 = 表中 4.500')).toBeTruthy()
  })

  it('by the keyboard: right of the last day are the figures; Enter opens, Escape comes back', async () => {
    const { user } = grid()
    const last = document.querySelector<HTMLElement>('[data-row="0"][data-col="30"]')!
    await user.click(last)
    last.focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.figure).toBe('remainingTimes'))
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.figure).toBe('viewEstimated'))
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: '2026-03 · v1.mp4 早间 A · 已播预估常规 · 明细' })
    await waitFor(() => expect(sent()).toMatchObject({ figure: 'viewEstimated', lineId: '9' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.figure).toBe('viewEstimated'))
    // Home goes back to the first day; the figure cells have no cell menu.
    await user.keyboard('{Home}')
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.col).toBe('0'))
  })
})
