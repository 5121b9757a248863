import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { BatchDialog, type BatchItem } from './batch-dialog'
import { cell, conflict, invalid, messageOf, row, stubResizeObserver } from './summary-fixtures'

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
  const page = renderPage(<BatchDialog orderId={3} items={chosen} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const dialog = () => screen.findByRole('dialog', { name: '批量撤掉/修改' })
const count = () => screen.getByLabelText('点位数量') as HTMLInputElement
const sent = () => server.asked('orderSummaryGrpYmdUp').map((s) => s.body)
const listed = (d: HTMLElement) => within(within(d).getByRole('region', { name: '已选点位' })).queryAllByRole('listitem').map((li) => li.firstChild?.textContent)

describe('BatchDialog', () => {
  it('lists the chosen cells, each removable, and sends the rest as one call with ids', async () => {
    const { user, onClose, invalidated } = setup()
    const d = await dialog()
    expect(listed(d)).toEqual(['早间 · v1.mp4 · A 类 · 2026-03-02', '早间 · v1.mp4 · A 类 · 2026-03-03', '晚间 · v1.mp4 · A 类 · 2026-03-04'])
    await user.click(within(d).getByRole('button', { name: '移除 早间 · v1.mp4 · A 类 · 2026-03-03' }))
    expect(listed(d)).toHaveLength(2)

    await user.click(within(d).getByRole('radio', { name: 'C' }))
    await user.click(within(d).getByRole('switch', { name: '撤掉' }))
    await user.type(count(), '2{Enter}')
    expect(sent()).toEqual([{ orderId: 3, ids: '31,33', type: 'C', num: '2', value: '撤掉' }])
    expect(getToast()?.message).toBe('已修改 2 个点位')
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3]]))
  })

  it('needs a type and more than 0 spots', async () => {
    const { user } = setup()
    const d = await dialog()
    await user.type(count(), '0{Enter}')
    expect(messageOf(count())).toBe('请输入大于0')
    expect(within(d).getByRole('group', { name: '点位类型' }).textContent).toContain('请选择点位类型')
    expect(sent()).toEqual([])
  })

  it('removes only the cells the server wrote from the list', async () => {
    answer = () => ({ ids: [31] })
    const { user, onClose } = setup()
    const d = await dialog()
    await user.click(within(d).getByRole('radio', { name: 'A' }))
    await user.type(count(), '1{Enter}')
    expect(await within(d).findByText('晚间 · v1.mp4 · A 类 · 2026-03-04')).toBeTruthy()
    expect(listed(d)).toEqual(['早间 · v1.mp4 · A 类 · 2026-03-03', '晚间 · v1.mp4 · A 类 · 2026-03-04'])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('says so when every cell was removed, and sends nothing', async () => {
    const { user } = setup(items.slice(0, 1))
    const d = await dialog()
    await user.click(within(d).getByRole('button', { name: /^移除/ }))
    expect(within(d).getByText('没有选中的点位')).toBeTruthy()
    await user.click(within(d).getByRole('radio', { name: 'A' }))
    await user.type(count(), '1{Enter}')
    expect(within(d).getAllByText('没有选中的点位')).toHaveLength(2)
    expect(sent()).toEqual([])
  })

  it('keeps the list on a refusal: a locked cell (4009) as the form error, a count under its field', async () => {
    const { user, onClose } = setup()
    const d = await dialog()
    answer = () => conflict('点位已核对，不能修改')
    await user.click(within(d).getByRole('radio', { name: 'B' }))
    await user.type(count(), '3{Enter}')
    expect(await within(d).findByText('点位已核对，不能修改')).toBeTruthy()
    expect(listed(d)).toHaveLength(3)

    answer = () => invalid({ num: '点位数量不能小于已播出的4' })
    await user.type(count(), '{Enter}')
    expect(await within(d).findByText('点位数量不能小于已播出的4')).toBeTruthy()
    expect(messageOf(count())).toBe('点位数量不能小于已播出的4')
    expect(onClose).not.toHaveBeenCalled()
  })
})
