import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '../api/get-orders'
import { TapeChangeDialog } from './tape-change-dialog'

const order = { id: 5, productId: 8, productName: '纯牛奶', cycleTimeAdd: '2026-11-01', cycleTimeEnd: '2026-12-31' } as unknown as Order
const change = { id: 31, magneticTapeName: '纯牛奶A版', upTapeName: '纯牛奶B版', executeAt: '2026-12-01', status: 1, statusName: '待执行', createTime: '' }
const server = fakeApi(
  {
    orderMagneticTapeDetails: () => [change] as never,
    productMagneticTape: () => ({ product_magnetic_tape: [] }) as never,
    orderMagneticTapeDetailsDel: () => envelope(null, '删除成功'),
  },
  () => [],
)
signedIn()

describe('TapeChangeDialog deletes', () => {
  it('names the change it deletes: its tapes and day', async () => {
    const { user } = renderPage(<TapeChangeDialog order={order} onClose={vi.fn()} />)
    await user.click(await screen.findByRole('button', { name: '删除 纯牛奶A版 → 纯牛奶B版' }))
    const ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain('确定删除换版「纯牛奶A版 → 纯牛奶B版，2026-12-01」吗？')
    await user.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(server.asked('orderMagneticTapeDetailsDel')).toHaveLength(1))
  })
})
