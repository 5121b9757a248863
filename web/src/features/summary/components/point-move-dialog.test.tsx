import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { MovePreview } from '../api/check-move'
import { PointMoveDialog, type PointMoveTarget } from './point-move-dialog'
import { cell, conflict, invalid, messageOf, row } from '@/testing/summary-fixtures'

const preview = (basis: string, after = 4): MovePreview => ({
  max: 3,
  basis,
  preview: {
    from: { ymd: '2026-03-02', tape: 'v1.mp4', period: '早间', type: 'A', missing: 3, moved: 0 },
    to: { ymd: '2026-03-20', tape: 'v2.mp4', period: '晚间', type: 'B', point: 1, after },
  },
})

/** What the fake server answers the move: typeY 1 and typeY 2 in turn. */
let onCheck: (sent: Sent) => unknown
let onConfirm: (sent: Sent) => unknown
/** orderNum's answer for entry 2. */
let entryTwo: { num: number; overrun: number }
const calls: Record<string, (sent: Sent) => unknown> = {
  productMagneticTape: () => ({ product_magnetic_tape: [{ id: 5, mediaFileName: 'v1.mp4' }, { id: 6, mediaFileName: 'v2.mp4' }] }),
  timePeriod: () => [{ id: 7, timePeriodName: '早间' }, { id: 8, timePeriodName: '晚间' }],
  orderTimePeriodSuitList: (sent) =>
    sent.params.get('timePeriodId') === '8'
      ? [{ id: 4, suitName: '春季套装', suitXId: 1, suitTime: '2026-03', numberOfTimes: 10 }, { id: 4, suitName: '春季套装', suitXId: 2, suitTime: '2026-03', numberOfTimes: 6 }]
      : [],
  orderNum: (sent) => (sent.params.get('suitXId') === '2' ? entryTwo : { num: 2, overrun: 0 }),
  // Today is March 10; February's certificate is confirmed. Days still to air: March 10 – April 30.
  orderTime: () => ({
    cycleTimeAdd: '2026-02-01', cycleTimeEnd: '2026-04-30', months: ['2026-02', '2026-03', '2026-04'], assessmentDate: '2026-03-10',
    today: '2026-03-10', confirmedMonths: ['2026-02'],
  }),
  orderSummaryGrpYmdYdY: (sent) => ((sent.body as { typeY: number }).typeY === 1 ? onCheck(sent) : onConfirm(sent)),
}
const server = fakeApi({}, (sent) => (calls[sent.name] ? calls[sent.name](sent) : null))
signedIn()

beforeEach(() => {
  onCheck = () => preview('b1')
  onConfirm = () => ({ max: 3, moved: 2, toId: 99 })
  entryTwo = { num: 6, overrun: 0 }
})

// An A cell the certificate found short: unverified, 4 planned, 1 aired, on a day that has passed.
const missing = cell({ id: 31, isHe: 1, type: 'A', point: 4, aired: 1, reasonDisappearance: '1' })

function setup(target: PointMoveTarget = { row: row(), cell: missing }) {
  const onClose = vi.fn()
  const page = renderPage(<PointMoveDialog orderId={3} target={target} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const radios = (dialog: HTMLElement) => within(dialog).getAllByRole('radio') as HTMLInputElement[]
const moves = (typeY: number) => server.sent.filter((s) => s.name === 'orderSummaryGrpYmdYdY' && (s.body as { typeY: number }).typeY === typeY).map((s) => s.body)

async function fill(user: ReturnType<typeof setup>['user'], { ymd = '2026-03-20', num = '2' } = {}) {
  await screen.findByRole('option', { name: 'v2.mp4' })
  await user.selectOptions(field('移动后版本'), '6')
  await screen.findByRole('option', { name: '晚间' })
  await user.selectOptions(field('订单时段'), '8')
  await screen.findByRole('option', { name: '春季套装（2026-03）第2项' })
  await user.selectOptions(field('套装列表'), '4:2')
  if (ymd) await user.type(field('移动后日期'), ymd)
  await user.type(field('点位数量'), num)
}

describe('PointMoveDialog', () => {
  it('opens on a make-good: type B, the source\'s version and period, the days still to air', async () => {
    setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    // Every type may be chosen; B is checked although the source is an A cell.
    expect(radios(dialog).map((r) => [r.value, r.checked, r.disabled])).toEqual([['A', false, false], ['B', true, false], ['C', false, false], ['D', false, false]])
    await screen.findByRole('option', { name: 'v1.mp4' })
    await screen.findByRole('option', { name: '早间' })
    expect([field('移动后版本').value, field('订单时段').value]).toEqual(['5', '7'])
    expect(field('移动后日期').disabled).toBe(false)
    expect(await within(dialog).findByText('可选未播出的日期：2026-03-10 至 2026-04-30')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: '确认移动' })).toHaveProperty('disabled', true)
  })

  it('checks (typeY 1), shows the preview and the most, then confirms (typeY 2) with its basis', async () => {
    const { user, onClose, invalidated } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await fill(user)
    expect(await within(dialog).findByText('该套装项剩余 6 点')).toBeTruthy()
    // What the entry has left in its month over every type: the suit list's own figure.
    const asked = server.sent.filter((s) => s.name === 'orderNum').at(-1)!.params
    expect(Object.fromEntries(asked)).toEqual({ orderId: '3', timePeriodId: '8', suitId: '4', suitXId: '2' })

    await user.keyboard('{Enter}')
    expect(moves(1)).toEqual([{ orderId: 3, id: 31, upTapeId: 6, timePeriodId: 8, suitId: 4, type: 'B', ymd: '2026-03-20', num: 2, typeY: 1 }])
    const table = await within(dialog).findByRole('table', { name: '移动预览' })
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      '移出2026-03-02v1.mp4早间A缺失 3 点，已移出 0 点',
      '移入2026-03-20v2.mp4晚间B现有 1 点，移入后 4 点',
    ])
    expect(messageOf(field('点位数量'))).toBe('最多可移动 3 点')

    await user.click(within(dialog).getByRole('button', { name: '确认移动' }))
    expect(moves(2)).toEqual([{ orderId: 3, id: 31, upTapeId: 6, timePeriodId: 8, suitId: 4, type: 'B', ymd: '2026-03-20', num: 2, typeY: 2, basis: 'b1' }])
    expect(getToast()?.message).toBe('已移动 2 点')
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3]]))
  })

  it('refuses a day that has passed before asking, and says an overrun entry', async () => {
    entryTwo = { num: 0, overrun: 2 }
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await fill(user, { ymd: '2026-03-09' })
    expect(await within(dialog).findByText('该套装项剩余 0 点，超排 2 点')).toBeTruthy()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(messageOf(field('移动后日期'))).toBe('移动后日期须在未播出的周期内'))
    expect(moves(1)).toEqual([])
  })

  it('says every missing field before asking', async () => {
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await screen.findByRole('option', { name: 'v1.mp4' })
    await user.selectOptions(field('移动后版本'), '')
    await user.selectOptions(field('订单时段'), '')
    await user.click(within(dialog).getByRole('button', { name: '检查' }))
    expect(messageOf(field('移动后版本'))).toBe('请选择移动后版本')
    expect(messageOf(field('订单时段'))).toBe('请选择订单时段')
    expect(messageOf(field('套装列表'))).toBe('请选择套装列表')
    expect(messageOf(field('移动后日期'))).toBe('请选择移动后日期')
    expect(messageOf(field('点位数量'))).toBe('请正确输入点位数量')
    expect(moves(1)).toEqual([])
  })

  it('shows the server\'s refusals under their fields', async () => {
    onCheck = () => invalid({ num: '可输入最大于值3', ymd: '移动后日期须在未播出的周期内' })
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await fill(user, { num: '5' })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(messageOf(field('点位数量'))).toBe('可输入最大于值3'))
    expect(messageOf(field('移动后日期'))).toBe('移动后日期须在未播出的周期内')
    expect(within(dialog).queryByRole('table')).toBeNull()
    expect(within(dialog).getByRole('button', { name: '确认移动' })).toHaveProperty('disabled', true)
  })

  it('type A keeps the source\'s day: refused when it has passed, sent without a date when it has not', async () => {
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await user.click(within(dialog).getByRole('radio', { name: 'A' }))
    expect(field('移动后日期').disabled).toBe(true)
    expect(field('移动后日期').value).toBe('2026-03-02')
    // March 2 is before today: no type A move can air.
    expect(messageOf(field('移动后日期'))).toBe('移动后日期须在未播出的周期内')
    await fill(user, { ymd: '' })
    await user.keyboard('{Enter}')
    expect(moves(1)).toEqual([])
  })

  it('sends a type A move of a day still to air without its date', async () => {
    const { user } = setup({ row: row(), cell: { ...missing, ymd: '2026-03-12' } })
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await user.click(within(dialog).getByRole('radio', { name: 'A' }))
    expect(messageOf(field('移动后日期'))).toBe('A 类点位保持原日期 2026-03-12')
    await fill(user, { ymd: '' })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(moves(1)).toHaveLength(1))
    expect(moves(1)[0]).toMatchObject({ type: 'A', num: 2 })
    expect(moves(1)[0]).not.toHaveProperty('ymd')
  })

  it('asks for a new check after a change to the form', async () => {
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await fill(user)
    await user.keyboard('{Enter}')
    await within(dialog).findByRole('table', { name: '移动预览' })
    await user.type(field('点位数量'), '{Backspace}1')
    expect(within(dialog).queryByRole('table')).toBeNull()
    expect(within(dialog).getByRole('button', { name: '确认移动' })).toHaveProperty('disabled', true)
    await user.keyboard('{Enter}')
    await within(dialog).findByRole('table', { name: '移动预览' })
    expect(moves(1).map((m) => (m as { num: number }).num)).toEqual([2, 1])
    expect(moves(2)).toEqual([])
  })

  it('on a 4009 says the server\'s message as a warning, checks again and confirms the new preview', async () => {
    onConfirm = () => conflict('点位已变化，请重新检查')
    const { user, onClose } = setup()
    const dialog = await screen.findByRole('dialog', { name: '移动点位' })
    await fill(user)
    await user.keyboard('{Enter}')
    await within(dialog).findByRole('table', { name: '移动预览' })

    onCheck = () => preview('b2', 5)
    await user.click(within(dialog).getByRole('button', { name: '确认移动' }))
    await waitFor(() => expect(moves(1)).toHaveLength(2))
    expect(getToast()).toMatchObject({ kind: 'warning', message: '点位已变化，请重新检查' })
    expect(await within(dialog).findByText('现有 1 点，移入后 5 点')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()

    onConfirm = () => ({ max: 3, moved: 2, toId: 99 })
    await user.click(within(dialog).getByRole('button', { name: '确认移动' }))
    expect(moves(2).map((m) => (m as { basis: string }).basis)).toEqual(['b1', 'b2'])
    expect(onClose).toHaveBeenCalled()
  })
})
