import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { PointModifyDialog, type PointModifyTarget } from './point-modify-dialog'
import { cell, conflict, invalid, messageOf, row, stubResizeObserver } from '@/testing/summary-fixtures'

let answer: (sent: Sent) => unknown
const server = fakeApi({}, (sent) => (sent.name === 'orderSummaryGrpYmdUp' ? answer(sent) : []))
signedIn()
stubResizeObserver()

beforeEach(() => {
  answer = () => ({ ids: [31] })
})

function setup(target: PointModifyTarget) {
  const onClose = vi.fn()
  const page = renderPage(<PointModifyDialog orderId={3} target={target} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const dialog = () => screen.findByRole('dialog', { name: '修改点位' })
const count = () => screen.getByLabelText('点位数量') as HTMLInputElement
const sent = () => server.sent.filter((s) => s.name === 'orderSummaryGrpYmdUp').map((s) => s.body)

describe('PointModifyDialog', () => {
  it('modifies a cell: its type, spots and withdrawal preset, Enter sends them, the grid is refreshed', async () => {
    const { user, onClose, invalidated } = setup({ row: row(), cell: cell({ point: 3, type: 'A' }), ymd: '2026-03-02' })
    const d = await dialog()
    expect(within(d).getByText('早间 · v1.mp4 · A 类 · 2026-03-02')).toBeTruthy()
    expect((within(d).getByRole('radio', { name: 'A' }) as HTMLInputElement).checked).toBe(true)
    expect(document.activeElement).toBe(within(d).getByRole('radio', { name: 'A' }))
    expect(count().value).toBe('3')
    expect(within(d).getByRole('switch', { name: '撤掉' }).getAttribute('aria-checked')).toBe('false')

    await user.click(within(d).getByRole('radio', { name: 'B' }))
    await user.click(within(d).getByRole('switch', { name: '撤掉' }))
    await user.clear(count())
    await user.type(count(), '0{Enter}')
    expect(sent()).toEqual([{ orderId: 3, id: 31, type: 'B', num: '0', value: '撤掉' }])
    expect(onClose).toHaveBeenCalled()
    expect(getToast()?.message).toBe('点位已修改')
    const keys = invalidated.mock.calls.map(([f]) => f?.queryKey)
    // invalidateSummary: the grid, the suits' remaining spots, the cycle, orderNum, the order list and its log.
    expect(keys).toEqual(
      expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3], ['orderTime', 3], ['orderNum', 3], ['orderList'], ['orderLogList', 3]]),
    )
  })

  it('creates a cell on an empty day with the line and day, and needs more than 0 spots', async () => {
    const { user } = setup({ row: row({ type: 'C' }), cell: null, ymd: '2026-03-05' })
    const d = await dialog()
    expect((within(d).getByRole('radio', { name: 'C' }) as HTMLInputElement).checked).toBe(true)
    expect(count().value).toBe('')
    await user.type(count(), '0{Enter}')
    expect(messageOf(count())).toBe('请输入大于0')
    expect(sent()).toEqual([])
    await user.clear(count())
    await user.type(count(), '2{Enter}')
    expect(sent()).toEqual([{ orderId: 3, grpId: 11, ymd: '2026-03-05', type: 'C', num: '2', value: '' }])
  })

  it('treats a cell without an id as an empty day', async () => {
    const { user } = setup({ row: row(), cell: cell({ id: 0, point: 0 }), ymd: '2026-03-02' })
    await dialog()
    await user.type(count(), '1{Enter}')
    expect(sent()).toEqual([{ orderId: 3, grpId: 11, ymd: '2026-03-02', type: 'A', num: '1', value: '' }])
  })

  it('refuses a count that is not a whole number, and a missing type', async () => {
    const { user } = setup({ row: row({ type: '' }), cell: cell({ type: '' }), ymd: '2026-03-02' })
    const d = await dialog()
    await user.clear(count())
    await user.type(count(), '1.5{Enter}')
    expect(messageOf(count())).toBe('请正确输入点位数量')
    expect(within(d).getByRole('group', { name: '点位类型' }).textContent).toContain('请选择点位类型')
    expect(sent()).toEqual([])
  })

  it('shows the server\'s field message under its field and a 4009 as the form error; the dialog stays', async () => {
    const { user, onClose } = setup({ row: row(), cell: cell({ point: 3 }), ymd: '2026-03-02' })
    const d = await dialog()
    answer = () => invalid({ num: '点位数量不能小于已播出的2' })
    await user.clear(count())
    await user.type(count(), '1{Enter}')
    expect(await within(d).findByText('点位数量不能小于已播出的2')).toBeTruthy()
    expect(messageOf(count())).toBe('点位数量不能小于已播出的2')

    answer = () => conflict('点位已核对，不能修改')
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect((await within(d).findAllByRole('alert')).map((a) => a.textContent)).toContain('点位已核对，不能修改')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('closes on Escape without sending', async () => {
    const { user, onClose } = setup({ row: row(), cell: cell(), ymd: '2026-03-02' })
    await dialog()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
    expect(sent()).toEqual([])
  })
})
