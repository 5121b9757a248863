import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { ReasonDialog, type ReasonTarget } from './reason-dialog'
import { cell, conflict, invalid, messageOf, row } from '@/testing/summary-fixtures'

let answer: (sent: Sent) => unknown
const server = fakeApi({}, (sent) => (sent.name === 'orderSummaryGrpYmdUp' ? answer(sent) : []))
signedIn()

beforeEach(() => {
  answer = () => ({ ids: [31] })
})

const verified = cell({ isHe: 2, point: 4, type: 'B', value: '', reasonDisappearance: '1' })

function setup(target: ReasonTarget) {
  const onClose = vi.fn()
  const page = renderPage(<ReasonDialog orderId={3} target={target} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const field = () => screen.getByLabelText('原因') as HTMLTextAreaElement
const sent = () => server.asked('orderSummaryGrpYmdUp').map((s) => s.body)

describe('ReasonDialog', () => {
  it('records the reason with reasonType 2, the locked cell\'s spots, type and withdrawal as they are', async () => {
    const { user, onClose, invalidated } = setup({ row: row(), cell: verified })
    await screen.findByRole('dialog', { name: '备注' })
    expect(document.activeElement).toBe(field())
    await user.type(field(), ' 客户要求补播 {Enter}')
    expect(sent()).toEqual([{ orderId: 3, id: 31, type: 'B', num: 4, value: '', reasonType: '2', reasonValue: '客户要求补播' }])
    expect(getToast()?.message).toBe('备注已保存')
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3]]))
  })

  it('presets the recorded reason; Shift+Enter starts a new line', async () => {
    const { user } = setup({ row: row(), cell: { ...verified, reasonType: '2', reasonValue: '旧原因' } })
    await screen.findByRole('dialog', { name: '备注' })
    expect(field().value).toBe('旧原因')
    await user.type(field(), '{Shift>}{Enter}{/Shift}第二行')
    expect(field().value).toBe('旧原因\n第二行')
    expect(sent()).toEqual([])
  })

  it('needs a reason; the server\'s messages show under the field or as the form error', async () => {
    const { user, onClose } = setup({ row: row(), cell: verified })
    const dialog = await screen.findByRole('dialog', { name: '备注' })
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(messageOf(field())).toBe('请输入原因')
    expect(sent()).toEqual([])

    answer = () => invalid({ reasonValue: '原因不能超过200个字符' })
    await user.type(field(), '太长{Enter}')
    expect(await within(dialog).findByText('原因不能超过200个字符')).toBeTruthy()
    expect(messageOf(field())).toBe('原因不能超过200个字符')

    answer = () => conflict('点位已核对，不能修改')
    await user.type(field(), '{Enter}')
    expect(await within(dialog).findByText('点位已核对，不能修改')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })
})
