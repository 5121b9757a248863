import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { ManualGrpDialog, type ManualGrpTarget } from './manual-grp-dialog'
import { cell, invalid, messageOf, row } from '@/testing/summary-fixtures'

let answer: (sent: Sent) => unknown
const server = fakeApi({}, (sent) => (sent.name === 'grpYmdUp' ? answer(sent) : []))
signedIn()

beforeEach(() => {
  answer = () => null
})

const verified = cell({ id: 41, isHe: 2, mdp: 1.25 })

function setup(target: ManualGrpTarget) {
  const onClose = vi.fn()
  const page = renderPage(<ManualGrpDialog orderId={3} target={target} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const field = () => screen.getByLabelText('毛评点') as HTMLInputElement
const sent = () => server.asked('grpYmdUp').map((s) => s.body)

describe('ManualGrpDialog', () => {
  it('sets a verified cell\'s GRP (ymdId, mdp), preset with its own', async () => {
    const { user, onClose, invalidated } = setup({ row: row(), cell: verified })
    await screen.findByRole('dialog', { name: '手动GRP' })
    expect(field().value).toBe('1.25')
    await user.clear(field())
    await user.type(field(), '2.5{Enter}')
    expect(sent()).toEqual([{ ymdId: 41, mdp: '2.5' }])
    expect(getToast()?.message).toBe('毛评点已保存')
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3]]))
  })

  it('clears it when blank', async () => {
    const { user } = setup({ row: row(), cell: verified })
    await screen.findByRole('dialog', { name: '手动GRP' })
    await user.clear(field())
    await user.type(field(), '{Enter}')
    expect(sent()).toEqual([{ ymdId: 41, mdp: '' }])
  })

  it('refuses a negative or non-numeric GRP before sending', async () => {
    const { user } = setup({ row: row(), cell: verified })
    await screen.findByRole('dialog', { name: '手动GRP' })
    await user.clear(field())
    await user.type(field(), '-1{Enter}')
    expect(messageOf(field())).toBe('毛评点必须是大于等于0的数字')
    expect(sent()).toEqual([])
  })

  it('says 点位不存在 for a cell that is not verified, without asking', async () => {
    const { user, onClose } = setup({ row: row(), cell: cell({ isHe: 1 }) })
    const dialog = await screen.findByRole('dialog', { name: '手动GRP' })
    await user.type(field(), '1{Enter}')
    expect(within(dialog).getByRole('alert').textContent).toBe('点位不存在')
    expect(sent()).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows the server\'s 点位不存在 (a cell verified no longer) as the form error', async () => {
    answer = () => invalid({ ymdId: '点位不存在' })
    const { user, onClose } = setup({ row: row(), cell: verified })
    const dialog = await screen.findByRole('dialog', { name: '手动GRP' })
    await user.type(field(), '{Enter}')
    expect(await within(dialog).findByText('点位不存在')).toBeTruthy()
    expect(sent()).toHaveLength(1)
    expect(onClose).not.toHaveBeenCalled()
  })
})
