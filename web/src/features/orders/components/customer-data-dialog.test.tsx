import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { CustomerPage, CustomerPreview } from '../api/evaluation-types'
import type { Order } from '../api/get-orders'
import { CustomerDataDialog } from './customer-data-dialog'
import { customerPage, customerPreview } from '@/testing/evaluation-fixtures'
import { row } from '@/testing/summary-fixtures'

const order = { id: 7, productName: '纯牛奶', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-04-30' } as unknown as Order

let page: CustomerPage = customerPage
let conflict = false
let preview: CustomerPreview = customerPreview
// The schedule names line 3 (晚间, B); line 4 is not in it (its id stands in).
const api = fakeApi({
  orderSummaryGrpList: () => [{ pointDateYm: '2026-03', makeGood: { owed: 0, scheduled: 0, outstanding: 0 }, unplacedSpots: 0, unplacedGrp: 0, data: [row({ id: 3, type: 'B', time_period: { id: 8, timePeriodName: '晚间' } })] }],
  orderCustomerIndex: () => page,
  orderCustomerUp: (sent) => {
    const { typeY } = sent.body as { typeY: number }
    if (typeY === 1) return preview
    return conflict ? envelope(null, '数据已变化，请重新预览', 4009) : { count: 12, sum: 21.3512, placed: 10, unplaced: 2 }
  },
})
signedIn()

beforeEach(() => {
  page = customerPage
  conflict = false
  preview = customerPreview
})

const ask = (name: string) => api.sent.filter((s) => s.name === name)
const open = (onClose = () => {}, initial?: { category: string; source: string }) =>
  renderPage(<CustomerDataDialog order={order} initial={initial} onClose={onClose} />)
const dialog = () => screen.findByRole('dialog', { name: '客户数据 #7' })

describe('客户数据 of an order', () => {
  it("lists the matching rows of the cycle's days a page at a time, with the sum of their 毛评点", async () => {
    const { user } = open(() => {}, { category: '2', source: '' })
    const box = await dialog()
    expect(await within(box).findByText('纯牛奶 15秒 #1')).toBeTruthy()
    expect(Object.fromEntries(ask('orderCustomerIndex')[0].params)).toEqual({
      orderId: '7', category: '2', addTime: '2026-03-01', endTime: '2026-04-30', page: '1', limit: '10',
    })
    // The sum is of every matching row, shown as every GRP is (4 decimals here: the 4th is not 0;
    // it read 21.35, where 评估汇总 shows the same rows' 21.3512).
    expect(within(box).getByText('共 12 条，毛评点合计 21.3512')).toBeTruthy()
    const table = within(box).getByRole('table', { name: '匹配订单的客户数据' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['标题', '日期', '播出时间', '节目', '时段归纳', '毛评点'])
    expect(within(table).getAllByRole('row')[1].textContent).toBe('纯牛奶 15秒 #12026-03-022026-03-02 19:31:05晚间新闻晚间黄金1.250')
    await user.click(within(box).getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(ask('orderCustomerIndex').at(-1)!.params.get('page')).toBe('2'))
    // New filters start again on the first page.
    await user.selectOptions(within(box).getByRole('combobox', { name: '数据来源' }), '3')
    await user.click(within(box).getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(ask('orderCustomerIndex').at(-1)!.params.get('source')).toBe('3'))
    expect(ask('orderCustomerIndex').at(-1)!.params.get('page')).toBe('1')
  })

  it('keeps the days within the cycle and says 暂无数据 when nothing matches', async () => {
    page = { data: [], total: 0, sum: 0 }
    const { user } = open()
    const box = await dialog()
    expect(await within(box).findByText('暂无数据')).toBeTruthy()
    const from = within(box).getByRole('textbox', { name: '开始日期' })
    await user.clear(from)
    await user.type(from, '2026-02-20')
    await user.click(within(box).getByRole('button', { name: '搜索' }))
    expect(within(box).getByRole('alert').textContent).toBe('日期须在 2026-03-01 至 2026-04-30 之间')
    expect(ask('orderCustomerIndex')).toHaveLength(1)
  })

  it('says so when no row matches, rather than 共 0 条将带入订单 … 0 条对应排期', async () => {
    preview = { ...customerPreview, count: 0, sum: 0, placed: 0, unplaced: 0, cells: [], list: [] }
    const { user } = open()
    const box = await dialog()
    await within(box).findByText('纯牛奶 15秒 #1')
    await user.click(within(box).getByRole('button', { name: '更新' }))
    await within(box).findByRole('heading', { name: '更新预览' })
    expect(within(box).getByRole('status').textContent).toBe('共 0 条：没有匹配订单的客户数据可带入')
  })

  it('updates in two steps: 更新 previews what would be attached, 确认更新 attaches exactly that', async () => {
    const onClose = vi.fn()
    const { user } = open(onClose)
    const box = await dialog()
    await within(box).findByText('纯牛奶 15秒 #1')
    await user.click(within(box).getByRole('button', { name: '更新' }))
    const heading = await within(box).findByRole('heading', { name: '更新预览' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(ask('orderCustomerUp')[0].body).toEqual({ orderId: 7, category: '', source: '', addTime: '2026-03-01', endTime: '2026-04-30', typeY: 1 })
    // Every row is attached: 10 on the cells below (2 + 8), 2 on no line — 10 + 2 = 12, as the
    // preview counts them, never "12 attached … 2 not attached".
    expect(within(box).getByRole('status').textContent).toBe(
      '共 12 条将带入订单，毛评点合计 21.3512：10 条对应排期，计入下表的点位；2 条没有对应的排期，不计入任何点位，只计入月份和订单的合计',
    )
    const cells = within(box).getByRole('table', { name: '带入的点位' })
    await waitFor(() =>
      expect(within(cells).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['v1.mp4 · 晚间 · B2026-03-0223.750', '#42026-03-03815.100']),
    )
    // The filters hold still while a preview is shown: the confirmation is of exactly those rows.
    expect((within(box).getByRole('button', { name: '搜索' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(box).getByRole('button', { name: '确认更新' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    // The confirmation names the preview shown by its fingerprint.
    expect(ask('orderCustomerUp')[1].body).toEqual({ orderId: 7, category: '', source: '', addTime: '2026-03-01', endTime: '2026-04-30', typeY: 2, basis: 'c0ffee' })
    expect(getToast()?.message).toBe('更新完成：共 12 条，10 条对应排期，2 条没有对应的排期')
  })

  it('asks for a new preview when the matching rows changed since (4009)', async () => {
    conflict = true
    const onClose = vi.fn()
    const { user } = open(onClose)
    const box = await dialog()
    await within(box).findByText('纯牛奶 15秒 #1')
    await user.click(within(box).getByRole('button', { name: '更新' }))
    await user.click(await within(box).findByRole('button', { name: '确认更新' }))
    expect((await within(box).findByRole('alert')).textContent).toBe('数据已变化，请重新预览')
    expect(within(box).queryByRole('heading', { name: '更新预览' })).toBeNull()
    // The focus lands on 更新 for the new preview.
    await waitFor(() => expect(document.activeElement).toBe(within(box).getByRole('button', { name: '更新' })))
    expect(onClose).not.toHaveBeenCalled()
  })
})
