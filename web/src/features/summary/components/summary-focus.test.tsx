import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '@/features/orders/api/get-orders'
import type { GridMonth } from '../api/get-summary-grid'
import { cell, layGridOut, row } from '@/testing/summary-fixtures'
import { SummaryDialog } from './summary-dialog'

const order = {
  id: 7, productName: '纯牛奶', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', cycleTimeMonth: '2026-03', seconds: 15, makeGoodPolicy: 1,
} as unknown as Order
const months: GridMonth[] = [
  {
    pointDateYm: '2026-03',
    makeGood: { owed: 0, scheduled: 0, outstanding: 0 }, unplacedSpots: 0, unplacedGrp: 0,
    data: [row({ id: 1, order_summary_grp_ymd: [cell({ id: 11, d: 2, ymd: '2026-03-02' }), cell({ id: 12, d: 3, ymd: '2026-03-03' })] })],
  },
]

fakeApi({
  orderSummaryGrpList: () => months,
  orderTime: () => ({ cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31', months: ['2026-03'], estimateTime: null, assessmentDate: '', today: '2026-03-01', confirmedMonths: [] }),
  orderSummarySuitList: () => [],
  orderLogList: () => [],
  orderProposalList: () => [],
})
signedIn()

layGridOut(1600)

async function openGrid() {
  const page = renderPage(<SummaryDialog order={order} onClose={() => {}} />)
  const box = await screen.findByRole('dialog', { name: '汇总 #7 · 纯牛奶' })
  await page.user.click(within(box).getByRole('button', { name: '月份' }))
  const grid = await within(box).findByRole('grid', { name: '2026-03 汇总表' })
  await waitFor(() => expect(grid.querySelector('[data-row="0"][data-col="2"]')).toBeTruthy())
  return { ...page, box, grid }
}

describe('the summary dialog\'s focus', () => {
  it('returns to the cell a cell dialog came from when Escape closes it, so the arrows go on', async () => {
    const { user, box, grid } = await openGrid()
    grid.querySelector<HTMLElement>('[data-row="0"][data-col="0"]')!.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-col')).toBe('2'))
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: '记录' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '记录' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(grid.querySelector('[data-row="0"][data-col="2"]')))
    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-col')).toBe('1'))
    expect(screen.getByRole('dialog', { name: '汇总 #7 · 纯牛奶' })).toBe(box)
  })

  it('returns to the cell when a dialog the menu opened is cancelled', async () => {
    const { user, grid } = await openGrid()
    grid.querySelector<HTMLElement>('[data-row="0"][data-col="0"]')!.focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-col')).toBe('1'))
    await user.keyboard('{Shift>}{F10}{/Shift}')
    const menu = await screen.findByRole('menu')
    await user.click(within(menu).getByRole('menuitem', { name: '修改' }))
    const modify = await screen.findByRole('dialog', { name: '修改点位' })
    await user.click(within(modify).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改点位' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(grid.querySelector('[data-row="0"][data-col="1"]')))
  })
})
