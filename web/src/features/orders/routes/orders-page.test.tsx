import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TooltipProvider } from '@/components/ui/tooltip'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '../api/get-orders'
import OrdersPage from './orders-page'

const row = {
  id: 5, mediaName: 'CCTV-1', createTime: '2026-03-01 10:00:00', estimateTime: '', status: 1, statusName: '待执行', jStatusName: '未评估',
  brandName: '伊利', productName: '纯牛奶', cycleTimeMonth: '2026-11,2026-12', cycleTimeAdd: '2026-11-01', cycleTimeEnd: '2026-12-31',
  seconds: 15, notes: '',
} as unknown as Order

const server = fakeApi(
  {
    orderList: () => ({ data: [row], total: 1 }) as never,
    orderDel: () => envelope(null, '删除成功'),
  },
  () => [],
)
signedIn()

describe('OrdersPage', () => {
  it('names the order it deletes by its product and cycle, and deletes only on 确定', async () => {
    const { user } = renderPage(
      <TooltipProvider>
        <OrdersPage />
      </TooltipProvider>,
      { url: '/order/index' },
    )
    const table = await screen.findByRole('table', { name: '订单汇总' })
    await user.click(await within(table).findByRole('button', { name: '删除' }))
    let ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain('确定删除订单「纯牛奶 2026-11-01 至 2026-12-31」吗？')
    await user.click(within(ask).getByRole('button', { name: '取消' }))
    expect(server.asked('orderDel')).toEqual([])
    await user.click(within(table).getByRole('button', { name: '删除' }))
    ask = await screen.findByRole('alertdialog', { name: '提示' })
    await user.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(server.asked('orderDel').map((s) => s.body)).toEqual([{ orderId: 5 }]))
  })
})
