import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { BatchDialog, type BatchItem } from './batch-dialog'
import { cell, conflict, invalid, messageOf, row, stubResizeObserver } from '@/testing/summary-fixtures'

let answer: (sent: Sent) => unknown
const server = fakeApi({}, (sent) => (sent.name === 'orderSummaryGrpYmdUp' ? answer(sent) : []))
signedIn()
stubResizeObserver()

beforeEach(() => {
  answer = (sent) => ({ ids: String((sent.body as { ids: string }).ids).split(',').map(Number) })
})

const line = row()
const items: BatchItem[] = [
  { row: line, cell: cell({ id: 31, ymd: '2026-03-02', point: 1 }) },
  { row: line, cell: cell({ id: 32, ymd: '2026-03-03', point: 2 }) },
  { row: row({ id: 12, time_period: { id: 8, timePeriodName: '晚间' } }), cell: cell({ id: 33, ymd: '2026-03-04', value: '撤掉' }) },
]

function setup(chosen = items) {
  const onClose = vi.fn()
  const onWritten = vi.fn()
  const page = renderPage(<BatchDialog orderId={3} items={chosen} onClose={onClose} onWritten={onWritten} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, onWritten, invalidated }
}
const dialog = () => screen.findByRole('dialog', { name: '批量撤掉/修改' })
const count = () => screen.getByLabelText('点位数量') as HTMLInputElement
const sent = () => server.asked('orderSummaryGrpYmdUp').map((s) => s.body)
const listed = (d: HTMLElement) => within(within(d).getByRole('region', { name: '已选点位' })).queryAllByRole('listitem').map((li) => li.firstChild?.textContent)
const confirm = (d: HTMLElement) => within(d).getByRole('button', { name: '确定' })

describe('BatchDialog', () => {
  it('withdraws by default, asking for no type or count: each cell keeps its own, in one call with ids', async () => {
    const { user, onClose, onWritten, invalidated } = setup()
    const d = await dialog()
    expect(listed(d)).toEqual(['早间 · v1.mp4 · A 类 · 2026-03-02', '早间 · v1.mp4 · A 类 · 2026-03-03', '晚间 · v1.mp4 · A 类 · 2026-03-04'])
    expect((within(d).getByRole('radio', { name: '撤掉' }) as HTMLInputElement).checked).toBe(true)
    expect(within(d).queryByRole('group', { name: '点位类型' })).toBeNull()
    expect(within(d).queryByLabelText('点位数量')).toBeNull()
    await user.click(within(d).getByRole('button', { name: '移除 早间 · v1.mp4 · A 类 · 2026-03-03' }))
    expect(listed(d)).toHaveLength(2)

    await user.click(confirm(d))
    expect(sent()).toEqual([{ orderId: 3, ids: '31,33', value: '撤掉' }])
    expect(getToast()?.message).toBe('已撤掉 2 个点位')
    expect(onWritten).toHaveBeenCalledWith([31, 33])
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3]]))
  })

  it('undoes a withdrawal the same way', async () => {
    const { user, onWritten } = setup()
    const d = await dialog()
    await user.click(within(d).getByRole('radio', { name: '取消撤掉' }))
    await user.click(confirm(d))
    expect(sent()).toEqual([{ orderId: 3, ids: '31,32,33', value: '' }])
    expect(getToast()?.message).toBe('已取消撤掉 3 个点位')
    expect(onWritten).toHaveBeenCalledWith([31, 32, 33])
  })

  it('修改 needs a type and more than 0 spots, and sends them without touching the withdrawal', async () => {
    const { user, onWritten } = setup()
    const d = await dialog()
    await user.click(within(d).getByRole('radio', { name: '修改类型与数量' }))
    await user.type(count(), '0{Enter}')
    expect(messageOf(count())).toBe('请输入大于0')
    expect(within(d).getByRole('group', { name: '点位类型' }).textContent).toContain('请选择点位类型')
    expect(sent()).toEqual([])

    await user.click(within(d).getByRole('radio', { name: 'C' }))
    await user.clear(count())
    await user.type(count(), '2{Enter}')
    expect(sent()).toEqual([{ orderId: 3, ids: '31,32,33', type: 'C', num: '2' }])
    expect(getToast()?.message).toBe('已修改 3 个点位')
    expect(onWritten).toHaveBeenCalledWith([31, 32, 33])
  })

  it('removes only the cells the server wrote, from the list and the selection', async () => {
    answer = () => ({ ids: [31] })
    const { user, onClose, onWritten } = setup()
    const d = await dialog()
    await user.click(confirm(d))
    expect(await within(d).findByText('晚间 · v1.mp4 · A 类 · 2026-03-04')).toBeTruthy()
    expect(listed(d)).toEqual(['早间 · v1.mp4 · A 类 · 2026-03-03', '晚间 · v1.mp4 · A 类 · 2026-03-04'])
    expect(onWritten).toHaveBeenCalledWith([31])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('says so when every cell was removed, and sends nothing', async () => {
    const { user } = setup(items.slice(0, 1))
    const d = await dialog()
    await user.click(within(d).getByRole('button', { name: /^移除/ }))
    expect(within(d).getByText('没有选中的点位')).toBeTruthy()
    await user.click(confirm(d))
    expect(within(d).getAllByText('没有选中的点位')).toHaveLength(2)
    expect(sent()).toEqual([])
  })

  it('keeps the list on a refusal: a locked cell (4009) as the form error, a count under its field', async () => {
    const { user, onClose, onWritten } = setup()
    const d = await dialog()
    answer = () => conflict('点位已核对，不能修改')
    await user.click(confirm(d))
    expect(await within(d).findByText('点位已核对，不能修改')).toBeTruthy()
    expect(listed(d)).toHaveLength(3)

    answer = () => invalid({ num: '点位数量不能小于已播出的4' })
    await user.click(within(d).getByRole('radio', { name: '修改类型与数量' }))
    await user.click(within(d).getByRole('radio', { name: 'B' }))
    await user.type(count(), '3{Enter}')
    expect(await within(d).findByText('点位数量不能小于已播出的4')).toBeTruthy()
    expect(messageOf(count())).toBe('点位数量不能小于已播出的4')
    expect(onClose).not.toHaveBeenCalled()
    expect(onWritten).not.toHaveBeenCalled()
  })
})
