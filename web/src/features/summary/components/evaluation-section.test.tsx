import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { envelope, fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { FiguresRow, ViewingClass } from '@/features/orders/api/evaluation-types'
import { DEFAULT_FILTER, type SummaryFilter } from '../api/get-summary-grid'
import { figures, viewingClass } from '@/testing/evaluation-fixtures'
import { EvaluationSection } from './evaluation-section'

let classes: ViewingClass[] = []
let rows: FiguresRow[] = []
let refuse: string | null = null
const api = fakeApi({
  orderSummaryList: () => rows,
  orderViewingList: () => classes,
  orderViewingUp: (sent: Sent) => {
    if (refuse) return envelope(null, refuse, 4000)
    const body = sent.body as { estimated: string; estimatedLow: string; estimatedHigh: string }
    const reset = body.estimated === ''
    const value = (text: string, fallback: number) => (reset ? fallback : Number(text))
    classes = [viewingClass({
      estimated: value(body.estimated, 2), estimatedLow: value(body.estimatedLow, 1.5), estimatedHigh: value(body.estimatedHigh, 2.5), edited: !reset,
    })]
    return null
  },
})
signedIn()

beforeEach(() => {
  classes = [viewingClass()]
  rows = figures
  refuse = null
})

const ask = (name: string) => api.sent.filter((s) => s.name === name)
const show = (filter: SummaryFilter = DEFAULT_FILTER, onCustomerData = () => {}) =>
  renderPage(<EvaluationSection orderId={7} mediaId={3} filter={filter} onCustomerData={onCustomerData} />)
const cells = (row: Element) => [...row.children].map((c) => c.textContent)
const input = (level: string) => screen.findByRole('textbox', { name: `晚间黄金 ${level}` })

describe('the evaluation figures', () => {
  it('shows a row per month and the total, negatives red and a missing figure as —', async () => {
    const onCustomerData = vi.fn()
    const { user } = show(DEFAULT_FILTER, onCustomerData)
    const table = await screen.findByRole('table', { name: '评估汇总' })
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3))
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    // The target (指标 + 赠播) is headed 客户目标GRP: the order list's and its export's 客户 GRP
    // is the metrics alone (184.000 beside 赠播 18.400 where this column says 202.400).
    expect(headers.slice(0, 11)).toEqual(['月份', '客户目标GRP', '已发GRP', '已播点位', '已播正负三', '正负三%', '剩余点位', '预计完成', '差值', '超播%', '场次'])
    // The scenarios are named as 预估 below and the exports name them: 常规, not 正常.
    expect(headers.slice(11, 14)).toEqual(['常规', '低', '高'])
    const march = table.querySelector('[data-month="2026-03"]')!
    expect(cells(march)).toEqual([
      '2026-03', '60.000', '30.500', '10', '4', '50.00%', '12',
      '54.500', '48.500', '60.500', '-5.500', '-11.500', '0.500', '-9.17%', '-19.17%', '0.83%', '-1', '-3', '0',
    ])
    // The shortfalls are red, the surplus and the expected figures are not.
    const red = [...march.querySelectorAll('.order-figure--negative')].map((e) => e.textContent)
    expect(red).toEqual(['-5.500', '-11.500', '-9.17%', '-19.17%', '-1', '-3'])
    const april = table.querySelector('[data-month="2026-04"]')!
    expect(cells(april).slice(5, 7)).toEqual(['—', '15（3 个未预估）'])
    expect(cells(april).slice(-3)).toEqual(['—', '—', '—'])
    const total = table.querySelector('[data-month="合计"]')!
    expect(total.className).toContain('evaluation-figures__total')
    expect(cells(total).slice(0, 3)).toEqual(['合计', '100.000', '30.500'])
    await user.click(screen.getByRole('button', { name: '客户数据' }))
    expect(onCustomerData).toHaveBeenCalledOnce()
  })

  it('names the total row the server calls 合计 in the reader\'s language', async () => {
    await setLanguage('en')
    try {
      show()
      const table = await screen.findByRole('table', { name: 'Evaluation' })
      await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3))
      expect(cells(table.querySelector('[data-month="合计"]')!)[0]).toBe('Total')
    } finally {
      await setLanguage('zh-CN')
    }
  })

  it('asks for the side and filters shown and names the media target on the media side', async () => {
    show({ belongingTo: '2', category: '3', source: '1' })
    const table = await screen.findByRole('table', { name: '评估汇总' })
    expect(within(table).getByRole('columnheader', { name: '媒体目标GRP' })).toBeTruthy()
    await waitFor(() => expect(ask('orderSummaryList')).toHaveLength(1))
    expect(Object.fromEntries(ask('orderSummaryList')[0].params)).toEqual({ orderId: '7', belongingTo: '2', category: '3', source: '1' })
    expect(Object.fromEntries(ask('orderViewingList')[0].params)).toEqual({ orderId: '7', belongingTo: '2', category: '3', source: '1' })
  })

  it('says 暂无数据 when there are no figures and no classes', async () => {
    classes = []
    rows = []
    show()
    const table = await screen.findByRole('table', { name: '评估汇总' })
    await waitFor(() => expect(within(table).getByText('暂无数据')).toBeTruthy())
    const estimates = screen.getByRole('table', { name: '预估（每个点位的 GRP）' })
    await waitFor(() => expect(within(estimates).getByText('暂无数据')).toBeTruthy())
  })
})

describe('the estimate editor', () => {
  it('shows each class with its periods, values and the basis of its default', async () => {
    classes = [viewingClass(), viewingClass({
      timePeriodClassId: 6, timePeriodClassName: '午间', TimePeriod: [{ id: 61, timePeriodName: '午间新闻', preBroadcastTimeForma: '12:00:00', preBroadcastTimeFormaEnd: '12:30:00' }],
      estimated: null, estimatedLow: null, estimatedHigh: null, default: null,
      basis: { source: 'none', from: '2026-02-10', to: '2026-03-09', message: '没有可用的历史数据，剩余点位不计预估' },
    }), viewingClass({
      timePeriodClassId: 7, timePeriodClassName: '早间', TimePeriod: [],
      basis: { source: 'viewing', days: 9, spots: 31, from: '2026-02-10', to: '2026-03-09', message: '媒体「测试卫视」没有收视率数据，按客户数据估算' },
    })]
    show()
    const table = await screen.findByRole('table', { name: '预估（每个点位的 GRP）' })
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3))
    const [evening, noon, morning] = table.querySelectorAll('tbody tr')
    expect(within(evening as HTMLElement).getByText('新闻后').textContent).toBe('新闻后19:30:00–19:45:00')
    expect(evening.textContent).toContain('收视率 · 28 天 · 2026-02-10 ~ 2026-03-09')
    expect((await input('常规') as HTMLInputElement).value).toBe('2')
    expect((await input('低') as HTMLInputElement).value).toBe('1.5')
    expect(noon.textContent).toContain('无 · 2026-02-10 ~ 2026-03-09')
    expect(noon.textContent).toContain('没有可用的历史数据，剩余点位不计预估')
    expect((screen.getByRole('textbox', { name: '午间 高' }) as HTMLInputElement).value).toBe('')
    expect(morning.textContent).toContain('客户数据 · 9 天 · 31 个点位 · 2026-02-10 ~ 2026-03-09')
    expect(morning.textContent).toContain('媒体「测试卫视」没有收视率数据，按客户数据估算')
    // Nothing edited yet: nothing to reset.
    expect((screen.getByRole('button', { name: '恢复默认：晚间黄金' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('checks low ≤ normal ≤ high before sending, then saves once a second after the typing stops and refreshes the figures', async () => {
    const { user } = show()
    const normal = await input('常规')
    await waitFor(() => expect(ask('orderSummaryList')).toHaveLength(1))
    await user.clear(normal)
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请填写常规、低、高三个预估值')
    await user.type(normal, '3')
    expect(screen.getByRole('alert').textContent).toBe('请输入 0 ≤ 低 ≤ 常规 ≤ 高 的预估值')
    expect(normal.getAttribute('aria-invalid')).toBe('true')
    const high = await input('高')
    await user.clear(high)
    await user.type(high, '3.5')
    expect(screen.queryByRole('alert')).toBeNull()
    // Still typing within the second: nothing sent yet.
    expect(ask('orderViewingUp')).toHaveLength(0)
    await waitFor(() => expect(ask('orderViewingUp')).toHaveLength(1), { timeout: 3000 })
    expect(ask('orderViewingUp')[0].body).toEqual({ orderId: 7, timePeriodClassId: 5, estimated: '3', estimatedLow: '1.5', estimatedHigh: '3.5' })
    // The figures and the estimates come again; the class now shows 已编辑 and its default.
    await waitFor(() => expect(ask('orderSummaryList')).toHaveLength(2))
    expect(await screen.findByText('已编辑')).toBeTruthy()
    expect(screen.getByText('默认：常规 2.000 · 低 1.500 · 高 2.500')).toBeTruthy()
    expect((normal as HTMLInputElement).value).toBe('3')
    await new Promise((r) => setTimeout(r, 1200))
    expect(ask('orderViewingUp')).toHaveLength(1)
  })

  it("shows the server's refusal beside the class", async () => {
    refuse = '时段归纳不属于该订单媒体'
    const { user } = show()
    const low = await input('低')
    await user.clear(low)
    await user.type(low, '1')
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveProperty('textContent', '时段归纳不属于该订单媒体')
  })

  it('drops the "no history" note of an edited class without a default, which the edit estimates', async () => {
    const none = { source: 'none' as const, from: '2026-02-10', to: '2026-03-09', message: '没有可用的历史数据，剩余点位不计预估' }
    classes = [viewingClass({ default: null, basis: none, edited: true }), viewingClass({
      timePeriodClassId: 6, timePeriodClassName: '午间', estimated: null, estimatedLow: null, estimatedHigh: null, default: null, basis: none,
    })]
    show()
    const table = await screen.findByRole('table', { name: '预估（每个点位的 GRP）' })
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2))
    const [edited, untouched] = table.querySelectorAll('tbody tr')
    expect(edited.textContent).toContain('默认：无')
    expect(edited.textContent).not.toContain('剩余点位不计预估')
    expect(untouched.textContent).toContain('没有可用的历史数据，剩余点位不计预估')
  })

  it('resets an edited class to its default by sending all three empty', async () => {
    classes = [viewingClass({ estimated: 4, estimatedLow: 3, estimatedHigh: 5, edited: true })]
    const { user } = show()
    expect(await screen.findByText('已编辑')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '恢复默认：晚间黄金' }))
    await waitFor(() => expect(ask('orderViewingUp')).toHaveLength(1))
    expect(ask('orderViewingUp')[0].body).toEqual({ orderId: 7, timePeriodClassId: 5, estimated: '', estimatedLow: '', estimatedHigh: '' })
    await waitFor(() => expect(screen.queryByText('已编辑')).toBeNull())
    expect(((await input('常规')) as HTMLInputElement).value).toBe('2')
  })
})
