import { screen, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { DEFAULT_FILTER, type SummaryFilter } from '../../api/get-summary-grid'
import type { AnalysisAnswer } from '../../api/get-data-analysis'
import type { LastWeek } from '../../api/get-last-week'
import type { SpotCurve } from '../../api/get-spot-curve'
import { answer, analysisOrder, curve } from '@/testing/analysis-fixtures'
import { AnalysisMode } from './analysis-mode'

let analysis: (sent: Sent) => AnalysisAnswer | ReturnType<typeof envelope> = () => answer()
let spotCurve: () => SpotCurve = () => curve()
const NO_WEEK: LastWeek = { ymd: null, addTimes: null, endTimes: null }
let lastWeek: () => LastWeek = () => NO_WEEK
// The fallback answers the mode's own calls.
const api = fakeApi(
  {
    orderProductList: () => [
      { id: 5, productName: '纯牛奶', seconds: 15, brandId: 1, brandName: '伊利', mediaId: 3 },
      { id: 6, productName: '酸奶', seconds: 15, brandId: 1, brandName: '伊利', mediaId: null },
      { id: 8, productName: '别台产品', seconds: 15, brandId: 1, brandName: '伊利', mediaId: 4 },
    ],
    orderDefaultAudienceCityGroupList: (sent) =>
      sent.params.get('productId') === '6'
        ? { defaultId: 10, list: [{ id: 10, name: '北京' }] }
        : { defaultId: 9, list: [{ id: 9, name: '全国4+' }, { id: 10, name: '北京' }] },
  },
  (sent) => (sent.name === 'dataAnalysis' ? analysis(sent) : sent.name === 'spotCurve' ? spotCurve() : sent.name === 'dataAnalysisLastWeek' ? lastWeek() : null),
)
signedIn()

beforeEach(() => {
  analysis = () => answer()
  spotCurve = () => curve()
  lastWeek = () => NO_WEEK
})

const asked = (name: string) => api.sent.filter((s) => s.name === name).map((s) => Object.fromEntries(s.params))
const open = (filter: SummaryFilter = DEFAULT_FILTER) => renderPage(<AnalysisMode order={analysisOrder} filter={filter} viewingRef={createRef()} onViewing={() => {}} />)
const grid = () => screen.findByRole('table')
const cell = (slot: string, label: string) => document.querySelector<HTMLElement>(`tr[data-slot="${slot}"] td[data-label="${label}"]`)!

describe('数据分析', () => {
  it('searches on opening with the order\'s product, group, cycle and media, per day, the toolbar\'s category and source', async () => {
    open({ belongingTo: '1', category: '2', source: '3' })
    await grid()
    expect(asked('dataAnalysis')).toEqual([{
      category: '2', source: '3', addTimes: '2026-03-01', endTimes: '2026-03-31', productId: '5', defaultId: '9', mediaId: '3', timeType: '3', page: '1', limit: '10',
    }])
    expect((screen.getByRole('combobox', { name: '日期类型' }) as HTMLSelectElement).value).toBe('3')
    await waitFor(() => expect((screen.getByRole('combobox', { name: '受众/城市组' }) as HTMLSelectElement).value).toBe('9'))
    expect(screen.queryByRole('textbox', { name: '天数' })).toBeNull()
  })

  it('shows a row per slot and a column per bucket, each cell the media and customer spot or 暂无点位数据', async () => {
    open()
    const table = await grid()
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['时间', '2026-03-02', '2026-03-03', '2026-03-04'])
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['19:10', '25:30'])
    const both = within(cell('19:10', '2026-03-02')).getAllByRole('button')
    // Each button is named by what it shows: side, title, GRP and, for several, how many.
    expect(both.map((b) => b.textContent)).toEqual(['媒 媒体版 2.500 共 2 条', '客 纯牛奶 A版 1.250'])
    expect(within(cell('19:10', '2026-03-02')).getByRole('button', { name: '媒 媒体版 2.500 共 2 条' })).toBe(both[0])
    // One side only: the other says so.
    expect(cell('19:10', '2026-03-03').textContent).toBe('媒 无客 纯牛奶 A版 0.750')
    expect(within(cell('19:10', '2026-03-03')).getAllByRole('button')).toHaveLength(1)
    expect(cell('19:10', '2026-03-04').textContent).toBe('暂无点位数据')
    expect(cell('25:30', '2026-03-02').textContent).toBe('暂无点位数据')
    expect(cell('25:30', '2026-03-04').textContent).toBe('媒 夜间版 0.100客 无')
    expect(screen.getByRole('region', { name: '数据分析表（可左右滚动）' })).toBeTruthy()
  })

  it('shows only the page\'s days with a spot when asked, and all of them again', async () => {
    // A fourth day with no spot in any row.
    analysis = () => answer({ time: ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'] })
    open()
    const table = await grid()
    const heads = () => within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(heads()).toEqual(['时间', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'])
    const only = screen.getByRole('checkbox', { name: '仅显示本页有点位的日期' })
    only.click()
    await waitFor(() => expect(heads()).toEqual(['时间', '2026-03-02', '2026-03-03', '2026-03-04']))
    // Each row keeps its own cells under their days.
    expect(within(cell('25:30', '2026-03-04')).getByRole('button').textContent).toBe('媒 夜间版 0.100')
    expect(cell('19:10', '2026-03-05')).toBeNull()
    only.click()
    await waitFor(() => expect(heads()).toHaveLength(5))
  })

  it('pages 10 slots with the total; a page asks the server for that page', async () => {
    analysis = (sent) => answer({ total: 25, cData: sent.params.get('page') === '2' ? [{ name: '20:00', t: {} }] : answer().cData })
    const { user } = open()
    await grid()
    const pager = screen.getByRole('navigation', { name: '分页' })
    expect(within(pager).getByText('共 25 条')).toBeTruthy()
    expect(within(pager).getAllByRole('button', { name: /^第 \d 页$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3'])
    await user.click(within(pager).getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['20:00']))
    expect(asked('dataAnalysis').at(-1)).toMatchObject({ page: '2', limit: '10' })
    expect(cell('20:00', '2026-03-03').textContent).toBe('暂无点位数据')
  })

  it('asks a day count for type 5 (default 1), refuses a bad one unsent, and searches from page 1', async () => {
    const { user } = open()
    await grid()
    await user.selectOptions(screen.getByRole('combobox', { name: '日期类型' }), '5')
    const days = screen.getByRole('textbox', { name: '天数' })
    expect((days as HTMLInputElement).value).toBe('1')
    await user.clear(days)
    await user.type(days, '0')
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(getToast()?.message).toBe('天数必须是 1 到 366 的整数'))
    expect(asked('dataAnalysis')).toHaveLength(1)
    await user.clear(days)
    await user.type(days, '7')
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked('dataAnalysis')).toHaveLength(2))
    expect(asked('dataAnalysis')[1]).toMatchObject({ timeType: '5', timeTypeValue: '7', page: '1' })
  })

  it('offers the products of the order\'s media; another product preselects its own default group', async () => {
    const { user } = open()
    await grid()
    const product = screen.getByRole('combobox', { name: '产品' })
    await user.click(product)
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['纯牛奶', '酸奶'])
    await user.click(screen.getByRole('option', { name: '酸奶' }))
    const group = screen.getByRole('combobox', { name: '受众/城市组' }) as HTMLSelectElement
    await waitFor(() => expect(group.value).toBe('10'))
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked('dataAnalysis')).toHaveLength(2))
    expect(asked('dataAnalysis')[1]).toMatchObject({ productId: '6', defaultId: '10' })
  })

  it('searching the same query again asks the server again', async () => {
    const { user } = open()
    await grid()
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked('dataAnalysis')).toHaveLength(2))
  })

  it('opens on the order\'s cycle when it has a spot: no other week is asked', async () => {
    open()
    await grid()
    expect(asked('dataAnalysisLastWeek')).toEqual([])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a cycle without a spot opens on the latest week with one, and says so', async () => {
    // The cycle (March) has no spot; the product's latest is on Tuesday 02-24, the week 02-23 … 03-01.
    analysis = (sent) => (sent.params.get('addTimes') === '2026-02-23' ? answer({ time: ['2026-02-23', '2026-02-24'] }) : answer({ cData: [], total: 0 }))
    lastWeek = () => ({ ymd: '2026-02-24', addTimes: '2026-02-23', endTimes: '2026-03-01' })
    open({ belongingTo: '1', category: '2', source: '3' })
    const table = await grid()
    expect(asked('dataAnalysisLastWeek')).toEqual([{ category: '2', source: '3', productId: '5', defaultId: '9', mediaId: '3' }])
    expect(asked('dataAnalysis').map((a) => [a.addTimes, a.endTimes, a.page])).toEqual([['2026-03-01', '2026-03-31', '1'], ['2026-02-23', '2026-03-01', '1']])
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['时间', '2026-02-23', '2026-02-24'])
    expect((screen.getByRole('textbox', { name: '开始日期' }) as HTMLInputElement).value).toBe('2026-02-23')
    expect((screen.getByRole('textbox', { name: '结束日期' }) as HTMLInputElement).value).toBe('2026-03-01')
    expect(screen.getByRole('status').textContent).toBe('订单周期（2026-03-01 至 2026-03-31）内暂无点位数据，已显示最近有点位的一周：2026-02-23 至 2026-03-01')
  })

  it('a product without any spot in the group says so; a search of an empty range says 所选范围内暂无点位数据', async () => {
    analysis = () => answer({ cData: [], total: 0 })
    const { user } = open()
    expect(await screen.findByText('该产品在所选受众/城市组下还没有点位数据')).toBeTruthy()
    expect(asked('dataAnalysisLastWeek')).toHaveLength(1)
    expect(asked('dataAnalysis')).toHaveLength(1)
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '搜索' }))
    expect(await screen.findByText('所选范围内暂无点位数据')).toBeTruthy()
    expect(asked('dataAnalysisLastWeek')).toHaveLength(1)
  })

  it('says so when the call fails (with 重试)', async () => {
    analysis = () => envelope(null, '服务器错误', 5000)
    const { user } = open()
    expect(await screen.findByText('数据分析加载失败')).toBeTruthy()
    analysis = () => answer()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await grid()).toBeTruthy()
  })

  it('starts the grid at its top left on each search, marks a bad day count', async () => {
    const { user } = open()
    await grid()
    const region = screen.getByRole('region', { name: '数据分析表（可左右滚动）' })
    region.scrollLeft = 300
    await user.selectOptions(screen.getByRole('combobox', { name: '日期类型' }), '5')
    const days = screen.getByRole('textbox', { name: '天数' })
    await user.clear(days)
    await user.type(days, '0')
    expect(days.getAttribute('aria-invalid')).toBe('true')
    await user.clear(days)
    await user.type(days, '2')
    expect(days.getAttribute('aria-invalid')).toBeNull()
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked('dataAnalysis')).toHaveLength(2))
    await waitFor(() => expect(screen.getByRole('region', { name: '数据分析表（可左右滚动）' })).not.toBe(region))
    expect(screen.getByRole('region', { name: '数据分析表（可左右滚动）' }).scrollLeft).toBe(0)
  })

  it('shows the server\'s reason for a refused query, without a 重试 that would send it again', async () => {
    analysis = () => envelope(null, '日期范围不能超过 3660 天', 4000)
    open()
    expect((await screen.findByRole('alert')).textContent).toBe('日期范围不能超过 3660 天')
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    expect(asked('dataAnalysis')).toHaveLength(1)
  })
})

describe('点位详情', () => {
  it('opens from a spot (keyboard too): the spot\'s fields, its curve and mean; closing gives the focus back', async () => {
    const { user } = open()
    await grid()
    const button = within(cell('19:10', '2026-03-02')).getAllByRole('button')[1]
    button.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: '点位详情' })
    const fields = () => Object.fromEntries([...dialog.querySelectorAll('.point-dialog__field')].map((f) => [f.querySelector('dt')!.textContent, f.querySelector('dd')!.textContent]))
    await waitFor(() => expect(fields().点位平均收视率).toBe('2.2000'))
    expect(fields()).toEqual({
      标题: '纯牛奶 A版', 开始时间: '19:10:05', 秒数: '15', 日期: '2026-03-02', '受众/城市组': '全国4+', 数据归属: '客户', 毛评点: '1.2500', 点位平均收视率: '2.2000',
    })
    expect(asked('spotCurve')).toEqual([{ mediaId: '3', defaultAudienceCityGroupId: '9', ymd: '2026-03-02', addTime: '19:10:05', duration: '15' }])
    expect(within(dialog).getByRole('heading', { name: '每秒收视率' })).toBeTruthy()
    expect(await within(dialog).findByRole('img', { name: '测试卫视 · 全国4+ 收视率曲线，点位 19:10:05–19:10:20 已标出' })).toBeTruthy()
    expect(within(dialog).getByText('均值 2.2000')).toBeTruthy()
    await user.click(within(dialog).getAllByRole('button', { name: '关闭' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '点位详情' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('says 暂无收视率数据 when the lake has no series for the spot', async () => {
    spotCurve = () => curve({ data: [], spotMean: null })
    const { user } = open()
    await grid()
    await user.click(within(cell('25:30', '2026-03-04')).getByRole('button'))
    const dialog = await screen.findByRole('dialog', { name: '点位详情' })
    expect(await within(dialog).findByText('暂无收视率数据')).toBeTruthy()
    expect(within(dialog).getByText('无')).toBeTruthy()
    expect(asked('spotCurve')[0]).toMatchObject({ ymd: '2026-03-04', addTime: '25:30:00' })
  })
})
