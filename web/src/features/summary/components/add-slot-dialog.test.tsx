import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { AddSlotDialog, slotDays } from './add-slot-dialog'
import { invalid, messageOf } from '@/testing/summary-fixtures'

let answer: (sent: Sent) => unknown
let tapes: { id: number; mediaFileName: string }[]
let confirmedMonths: string[]
const calls: Record<string, (sent: Sent) => unknown> = {
  productMagneticTape: () => ({ product_magnetic_tape: tapes }),
  timePeriod: () => [{ id: 7, timePeriodName: '早间' }, { id: 8, timePeriodName: '晚间' }],
  orderTime: () => ({ cycleTimeAdd: '2026-03-10', cycleTimeEnd: '2026-04-20', months: ['2026-03', '2026-04'], assessmentDate: '2026-03-10', today: '2026-04-02', confirmedMonths }),
  orderSummaryGrpYmdAdd: (sent) => answer(sent),
}
const server = fakeApi({}, (sent) => (calls[sent.name] ? calls[sent.name](sent) : null))
signedIn()

beforeEach(() => {
  answer = () => ({ id: 77 })
  tapes = [{ id: 5, mediaFileName: 'v1.mp4' }, { id: 6, mediaFileName: 'v2.mp4' }]
  confirmedMonths = []
})

function setup(month = '2026-03') {
  const onClose = vi.fn()
  const page = renderPage(<AddSlotDialog orderId={3} month={month} onClose={onClose} />)
  const invalidated = vi.spyOn(page.client, 'invalidateQueries')
  return { ...page, onClose, invalidated }
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const sent = () => server.asked('orderSummaryGrpYmdAdd').map((s) => s.body)

describe('slotDays', () => {
  it('is the month within the cycle', () => {
    const cycle = { cycleTimeAdd: '2026-03-10', cycleTimeEnd: '2026-04-20' }
    expect(slotDays('2026-03', cycle)).toEqual({ min: '2026-03-10', max: '2026-03-31' })
    expect(slotDays('2026-04', cycle)).toEqual({ min: '2026-04-01', max: '2026-04-20' })
    expect(slotDays('2026-02', undefined)).toEqual({ min: '2026-02-01', max: '2026-02-28' })
  })
})

describe('AddSlotDialog', () => {
  it('adds spots of a version, type and period on a day of the month; Enter sends', async () => {
    const { user, onClose, invalidated } = setup()
    const dialog = await screen.findByRole('dialog', { name: '添加时段' })
    await screen.findByRole('option', { name: 'v2.mp4' })
    await user.selectOptions(field('版本'), '6')
    await user.click(within(dialog).getByRole('radio', { name: 'B' }))
    await screen.findByRole('option', { name: '晚间' })
    await user.selectOptions(field('时段'), '8')
    await waitFor(() => expect(messageOf(field('日期'))).toBe('可选 2026-03-10 至 2026-03-31'))
    await user.type(field('日期'), '2026-03-15')
    await user.type(field('点位数量'), '2{Enter}')
    expect(sent()).toEqual([{ orderId: 3, productDefaultId: '6', type: 'B', timePeriodId: '8', ymd: '2026-03-15', num: '2' }])
    expect(getToast()?.message).toBe('时段已添加')
    expect(onClose).toHaveBeenCalled()
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([['orderSummaryGrpList', 3], ['orderSummarySuitList', 3]]))
  })

  it('says each message of docs/screens.md "Master-data validation" and sends nothing; a day outside the month or cycle is refused', async () => {
    const { user } = setup()
    const dialog = await screen.findByRole('dialog', { name: '添加时段' })
    await waitFor(() => expect(messageOf(field('日期'))).toBe('可选 2026-03-10 至 2026-03-31'))
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(messageOf(field('版本'))).toBe('请选择版本')
    expect(within(dialog).getByRole('group', { name: '类型' }).textContent).toContain('请选择类型')
    expect(messageOf(field('时段'))).toBe('请选择时段')
    expect(messageOf(field('日期'))).toBe('请选择日期')
    expect(messageOf(field('点位数量'))).toBe('请输入大于0的点位数量')
    await user.type(field('日期'), '2026-03-05')
    await user.type(field('点位数量'), '0{Enter}')
    expect(messageOf(field('日期'))).toBe('日期须在 2026-03-10 至 2026-03-31 之间')
    expect(messageOf(field('点位数量'))).toBe('请输入大于0的点位数量')
    expect(sent()).toEqual([])
  })

  it('chooses the version of a one-version order; the server\'s refusal lands on its field', async () => {
    tapes = [{ id: 5, mediaFileName: 'v1.mp4' }]
    answer = () => invalid({ timePeriodId: '时段不属于订单媒体' })
    const { user, onClose } = setup()
    const dialog = await screen.findByRole('dialog', { name: '添加时段' })
    await waitFor(() => expect(field('版本').value).toBe('5'))
    await user.click(within(dialog).getByRole('radio', { name: 'A' }))
    await screen.findByRole('option', { name: '早间' })
    await user.selectOptions(field('时段'), '7')
    await user.type(field('日期'), '2026-03-31')
    await user.type(field('点位数量'), '1{Enter}')
    await waitFor(() => expect(messageOf(field('时段'))).toBe('时段不属于订单媒体'))
    expect(sent()).toEqual([{ orderId: 3, productDefaultId: '5', type: 'A', timePeriodId: '7', ymd: '2026-03-31', num: '1' }])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('names the days a filled date outside the tab\'s month must be within', async () => {
    const { user } = setup('2026-04')
    const dialog = await screen.findByRole('dialog', { name: '添加时段' })
    await waitFor(() => expect(messageOf(field('日期'))).toBe('可选 2026-04-01 至 2026-04-20'))
    await user.type(field('日期'), '2026-11-03')
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(messageOf(field('日期'))).toBe('日期须在 2026-04-01 至 2026-04-20 之间')
    expect(sent()).toEqual([])
  })

  it('says a month whose certificate is confirmed takes no spots, and sends nothing', async () => {
    confirmedMonths = ['2026-03']
    const { user } = setup('2026-03')
    const dialog = await screen.findByRole('dialog', { name: '添加时段' })
    await waitFor(() => expect(messageOf(field('日期'))).toBe('该月播出证明已确认，不能再排点位'))
    await screen.findByRole('option', { name: 'v2.mp4' })
    await user.selectOptions(field('版本'), '6')
    await user.click(within(dialog).getByRole('radio', { name: 'B' }))
    await user.selectOptions(field('时段'), '8')
    await user.type(field('日期'), '2026-03-20')
    await user.type(field('点位数量'), '1{Enter}')
    expect(messageOf(field('日期'))).toBe('该月播出证明已确认，不能再排点位')
    expect(sent()).toEqual([])
  })
})
