import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { TooltipProvider } from '@/components/ui/tooltip'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '../api/get-orders'
import OrdersPage from './orders-page'

/** An order row whose customer expected completion is `expected`, marked as the server marks it. */
const row = (expected: number, recomputing: boolean) =>
  ({
    id: 5, mediaName: 'CCTV-1', createTime: '2026-03-01 10:00:00', estimateTime: '', status: 1, statusName: '待执行', jStatusName: '未评估',
    brandName: '伊利', productName: '纯牛奶', cycleTimeMonth: '2026-03', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-03-31',
    seconds: 15, notes: '', customerExpectedCompletion: expected, mediaExpectedCompletion: expected,
    customerUnestimatedSpots: 0, mediaUnestimatedSpots: 0, recomputing,
  }) as unknown as Order

// The server computes the new lake version's figures while the first two answers are marked.
let answered = 0
/** How long the server takes over a list call after the first, in ms. */
let later = 0
const server = fakeApi({
  orderList: () => {
    answered += 1
    const answer = { data: [answered <= 2 ? row(12.5, true) : row(14.25, false)], total: 1 } as never
    return answered > 1 && later ? new Promise((done) => setTimeout(() => done(answer), later)) : answer
  },
})
signedIn()

/** The list page, once its table shows. */
async function openList() {
  renderPage(
    <TooltipProvider>
      <OrdersPage />
    </TooltipProvider>,
    { url: '/order/index' },
  )
  return screen.findByRole('table', { name: '订单汇总' })
}

describe('the order list after an import', () => {
  it('shows 更新中 beside the previous figures and asks again until they are current', async () => {
    const table = await openList()
    const marks = await within(table).findAllByText('更新中')
    expect(marks).toHaveLength(2)
    expect(marks[0].getAttribute('title')).toContain('正在重新计算')
    expect(within(table).getAllByText('12.500').length).toBeGreaterThan(0)
    // Asked again each second until the rows come back current: then no mark, the new figures.
    await waitFor(() => expect(within(table).queryByText('更新中')).toBeNull(), { timeout: 5000 })
    expect(within(table).getAllByText('14.250').length).toBeGreaterThan(0)
    expect(server.asked('orderList')).toHaveLength(3)
    // Current rows are not asked for again.
    await new Promise((done) => setTimeout(done, 1500))
    expect(server.asked('orderList')).toHaveLength(3)
  }, 10_000)

  it('asks again in the background: no loading cover over the rows, the 更多 menu stays open', async () => {
    answered = 0
    later = 300
    const user = userEvent.setup()
    const table = await openList()
    await within(table).findAllByText('更新中')
    // From the first answer on, watch for the cover a foreground load shows (it takes the clicks).
    let covered = false
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches('.data-table__loading') || node.querySelector('.data-table__loading'))) covered = true
        }
      }
    })
    watch.observe(document.body, { childList: true, subtree: true })
    await user.click(within(table).getByRole('button', { name: /更多/ }))
    expect(await screen.findByRole('menuitem', { name: '媒体播出证明' })).toBeTruthy()
    await waitFor(() => expect(within(table).queryByText('更新中')).toBeNull(), { timeout: 5000 })
    watch.disconnect()
    expect(covered).toBe(false)
    expect(screen.getByRole('menuitem', { name: '媒体播出证明' })).toBeTruthy()
  }, 10_000)
})
