import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '@/config/storage-keys'
import { envelope, fakeApi, signedIn, type Sent } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { DashboardIndex } from '../api'
import DashboardPage from './dashboard-page'

// jsdom lays nothing out: every observed element is 800 px wide.
class FixedWidth {
  private readonly report: (entries: { contentRect: DOMRectReadOnly }[]) => void
  constructor(report: (entries: { contentRect: DOMRectReadOnly }[]) => void) {
    this.report = report
  }
  observe() {
    this.report([{ contentRect: { width: 800, height: 400, top: 0, left: 0 } as DOMRectReadOnly }])
  }
  unobserve() {}
  disconnect() {}
}

const weeks: DashboardIndex = {
  time: ['2026-02-01', '2026-02-28'],
  tTime: ['2026-W05', '2026-W06', '2026-W07', '2026-W08', '2026-W09'],
  tData: [{ id: 3, name: '伊利', t: [1.5, 0, 2.25, 0.5, 0] }, { id: 7, name: '蒙牛', t: [0.333, 0.667, 0, 0, 1] }],
  cData: [{ id: 3, name: '伊利', t: [2, 0, 3, 1, 0] }, { id: 7, name: '蒙牛', t: [1, 2, 0, 0, 4] }],
  oData: [{ id: 3, name: '伊利', t: [0.75, null, 0.75, 0.5, null] }, { id: 7, name: '蒙牛', t: [0.333, 0.334, null, null, 0.25] }],
}

let answer: DashboardIndex | ReturnType<typeof envelope>
let groups: { id: number; name: string; defaultFor: number[] }[]
const byGroup: DashboardIndex = {
  time: ['2026-02-01', '2026-02-28'],
  tTime: ['2026-W05', '2026-W06'],
  tData: [{ id: 11, name: '全国4+', t: [1.25, 0] }, { id: 12, name: '北京15+', t: [0.5, 2] }],
  cData: [{ id: 11, name: '全国4+', t: [1, 0] }, { id: 12, name: '北京15+', t: [1, 3] }],
  oData: [{ id: 11, name: '全国4+', t: [1.25, null] }, { id: 12, name: '北京15+', t: [0.5, 0.667] }],
}
const products: Record<string, { id: number; productName: string }[]> = {
  '': [{ id: 3, productName: '伊利' }, { id: 7, productName: '蒙牛' }, { id: 9, productName: '光明' }],
  '1': [{ id: 3, productName: '伊利' }, { id: 7, productName: '蒙牛' }],
  '2': [{ id: 9, productName: '光明' }],
}
const server = fakeApi({}, (sent: Sent) => {
  switch (sent.name) {
    case 'dashboardMediaList': return [{ id: 1, mediaName: 'CCTV-1 综合' }, { id: 2, mediaName: '湖南卫视' }]
    case 'dashboardPList': return products[sent.params.get('mediaId') ?? '']
    case 'dashboardProductList': return groups
    case 'dashboardTimePeriodClassList': return [{ id: 8, timePeriodClassName: '晚间' }]
    case 'dashboardoneIndex': return answer
    case 'dashboardoneBIndex': return byGroup
    default: return null
  }
})
const asked = (name: string) => server.sent.filter((s) => s.name === name)
const lastIndexQuery = () => Object.fromEntries(asked('dashboardoneIndex').at(-1)!.params)
signedIn()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 1, 17, 10))
  vi.stubGlobal('ResizeObserver', FixedWidth)
  localStorage.clear()
  answer = weeks
  groups = [{ id: 11, name: '全国4+', defaultFor: [3, 7] }, { id: 12, name: '北京15+', defaultFor: [] }]
})
afterEach(() => vi.useRealTimers())

const table = (name: string) => screen.findByRole('table', { name })
const rowsOf = (t: HTMLElement) => within(t).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))

describe('DashboardPage', () => {
  it('first visit: the current month by week; each chart’s figures as a table', async () => {
    renderPage(<DashboardPage />, { url: '/dashboard' })
    const grp = await table('毛评点与点位数数据')
    expect(lastIndexQuery()).toEqual({ timeType: '4', timeAdd: '2026-02-01', timeEnd: '2026-02-28' })
    expect(rowsOf(grp)).toEqual([
      ['时间', '伊利 毛评点', '伊利 点位数', '蒙牛 毛评点', '蒙牛 点位数'],
      ['2026-W05', '1.500', '2', '0.333', '1'],
      ['2026-W06', '0.000', '0', '0.667', '2'],
      ['2026-W07', '2.250', '3', '0.000', '0'],
      ['2026-W08', '0.500', '1', '0.000', '0'],
      ['2026-W09', '0.000', '0', '1.000', '4'],
    ])
    expect(rowsOf(await table('每点位毛评点数据')).slice(1, 3)).toEqual([['2026-W05', '0.750', '0.333'], ['2026-W06', '—', '0.334']])
    // Five weeks (12 or fewer): the brush starts on all of them, the current week drawn too.
    const brush = await screen.findByRole('slider', { name: '毛评点与点位数缩放范围' })
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W05 至 2026-W09（第 1–5 个，共 5 个）')
    const plot = await screen.findByRole('img', { name: /毛评点与点位数图表/ })
    expect(plot.getAttribute('aria-label')).toContain('共 5 个时间段，显示 2026-W05 至 2026-W09')
    expect(plot.querySelectorAll('[data-series="grp:3"]')).toHaveLength(5)
  })

  it('a range past the last day with data: the answer ends there, and so do the charts, both opening on its newest 70 %', async () => {
    // February by day asked on the 17th: the server answers 02-01 … 02-17 only (docs/dashboard.md "Buckets (`timeType`)":
    // the days after the last with data are absent, not 0). 02-10 is a gap within the data (0
    // spots, no GRP per spot); 02-17 has a spot measured at 0 GRP, so its GRP per spot is 0 —
    // still data. 17 buckets: 30 % is 5.1, so both charts open on the centres 5.5 … 16.5, the
    // 6th to the 17th day.
    const days = Array.from({ length: 17 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`)
    const spots = days.map((d) => (d === '2026-02-10' ? 0 : 1))
    const grp = days.map((d) => (d === '2026-02-10' || d === '2026-02-17' ? 0 : 0.5))
    answer = {
      time: ['2026-02-01', '2026-02-28'],
      tTime: days,
      tData: [{ id: 3, name: '伊利', t: grp }],
      cData: [{ id: 3, name: '伊利', t: spots }],
      oData: [{ id: 3, name: '伊利', t: grp.map((g, i) => (spots[i] ? g : null)) }],
    }
    renderPage(<DashboardPage />, { url: '/dashboard?timeType=3&timeAdd=2026-02-01&timeEnd=2026-02-28' })
    const rows = rowsOf(await table('毛评点与点位数数据')).slice(1)
    expect(rows.map((r) => r[0])).toEqual(days)
    expect(rows[9]).toEqual(['2026-02-10', '0.000', '0'])
    expect(rows.at(-1)).toEqual(['2026-02-17', '0.000', '1'])
    expect(rowsOf(await table('每点位毛评点数据')).slice(1).map((r) => r[1])).toEqual([...Array(9).fill('0.500'), '—', ...Array(6).fill('0.500'), '0.000'])
    const window = '2026-02-06 至 2026-02-17（第 6–17 个，共 17 个）'
    expect((await screen.findByRole('slider', { name: '毛评点与点位数缩放范围' })).getAttribute('aria-valuetext')).toBe(window)
    expect(screen.getByRole('slider', { name: '每点位毛评点缩放范围' }).getAttribute('aria-valuetext')).toBe(window)
    // Drawn: 12 days, the spots line ending on 02-17 at 1 spot, not falling to 0 after it.
    const plot = screen.getByRole('img', { name: /毛评点与点位数图表/ })
    expect(plot.getAttribute('aria-label')).toContain('共 17 个时间段，显示 2026-02-06 至 2026-02-17')
    const line = plot.querySelector('[data-series="spots:3"] circle:last-of-type')!
    const first = plot.querySelector('[data-series="spots:3"] circle')!
    expect(plot.querySelectorAll('[data-series="spots:3"] circle')).toHaveLength(12)
    expect(line.getAttribute('cy')).toBe(first.getAttribute('cy'))
  })

  it('the legend hides and shows a series in the chart and its table', async () => {
    const { user } = renderPage(<DashboardPage />, { url: '/dashboard' })
    const grp = await table('毛评点与点位数数据')
    const legend = screen.getByRole('list', { name: '毛评点与点位数图例' })
    const toggle = within(legend).getByRole('button', { name: '蒙牛 点位数' })
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(rowsOf(grp)[0]).toEqual(['时间', '伊利 毛评点', '伊利 点位数', '蒙牛 毛评点'])
    expect(document.querySelector('[data-series="spots:7"]')).toBeNull()
    await user.click(toggle)
    expect(rowsOf(grp)[0]).toHaveLength(5)
  })

  it('the keyboard steps through the buckets with a tooltip; the brush moves by a bucket', async () => {
    const { user } = renderPage(<DashboardPage />, { url: '/dashboard' })
    await table('毛评点与点位数数据')
    const plot = await screen.findByRole('img', { name: /毛评点与点位数图表/ })
    plot.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    const tip = document.querySelector('.dash-tooltip') as HTMLElement
    expect(tip.textContent).toBe('2026-W06伊利 毛评点：0.000伊利 点位数：0蒙牛 毛评点：0.667蒙牛 点位数：2')
    expect(screen.getByText(/^2026-W06：伊利 毛评点 0.000/)).toBeTruthy()
    const brush = screen.getByRole('slider', { name: '毛评点与点位数缩放范围' })
    brush.focus()
    // The whole range cannot move: narrowed by three, then a step right.
    await user.keyboard('{ArrowRight}')
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W05 至 2026-W09（第 1–5 个，共 5 个）')
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}')
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W05 至 2026-W06（第 1–2 个，共 5 个）')
    await user.keyboard('{ArrowRight}')
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W06 至 2026-W07（第 2–3 个，共 5 个）')
    expect(plot.querySelectorAll('[data-series="grp:3"]')).toHaveLength(2)
  })

  it('searches with every filter in the URL; media changes clear products; time grouping 5 asks a day count', async () => {
    const page = renderPage(<DashboardPage />, { url: '/dashboard' })
    const { user } = page
    await table('毛评点与点位数数据')
    const bar = screen.getByRole('search', { name: '看板筛选' })
    await waitFor(() => expect(within(bar).getByRole('option', { name: '湖南卫视' })).toBeTruthy())
    await user.selectOptions(within(bar).getByLabelText('媒体'), 'CCTV-1 综合')

    const pick = async (field: RegExp, ...labels: string[]) => {
      await user.click(within(bar).getByRole('button', { name: field }))
      const popup = await screen.findByRole('dialog', { name: field })
      for (const l of labels) await user.click(await within(popup).findByRole('checkbox', { name: l }))
      await user.keyboard('{Escape}')
    }
    await pick(/^产品/, '蒙牛')
    await waitFor(() => expect(asked('dashboardProductList').at(-1)?.params.get('productId')).toBe('7'))
    // Nothing chosen: the product's default group is what counts, and the button says which.
    await waitFor(() => expect(within(bar).getByRole('button', { name: /^受众\/城市组/ }).textContent).toBe('默认：全国4+'))
    await pick(/^受众\/城市组/, '北京15+')
    await pick(/^数据类别/, '客户数据', '其他')
    await pick(/^数据来源/, '实际播出')
    await pick(/^时段归纳/, '晚间')
    expect(within(bar).getByRole('button', { name: /^产品/ }).textContent).toBe('蒙牛')

    // Another media: its products, none chosen.
    await user.selectOptions(within(bar).getByLabelText('媒体'), '湖南卫视')
    expect(within(bar).getByRole('button', { name: /^产品/ }).textContent).toBe('全部产品')
    await user.selectOptions(within(bar).getByLabelText('媒体'), 'CCTV-1 综合')
    await pick(/^产品/, '伊利', '蒙牛')
    await pick(/^受众\/城市组/, '全国4+（默认）')
    expect((within(bar).getByLabelText('数据归属') as HTMLSelectElement).value).toBe('1')
    await user.selectOptions(within(bar).getByLabelText('数据归属'), '数据归属：媒体')

    expect(within(bar).queryByLabelText('天数')).toBeNull()
    await user.selectOptions(within(bar).getByLabelText('时间类型'), '天数')
    const days = within(bar).getByLabelText('天数') as HTMLInputElement
    expect(days.value).toBe('1')
    await user.clear(days)
    await user.type(days, '0')
    await user.click(within(bar).getByRole('button', { name: '搜索' }))
    expect((await within(bar).findByRole('alert')).textContent).toBe('天数必须是 1 到 366 的整数')
    await user.clear(days)
    await user.type(days, '7')
    await user.clear(within(bar).getByLabelText('开始日期'))
    await user.type(within(bar).getByLabelText('开始日期'), '2026-01-05')
    await user.click(within(bar).getByRole('button', { name: '搜索' }))

    const want = {
      mediaId: '1', productId: '3,7', defaultAudienceCityGroupId: '11', belongingTo: '2', category: '2,4', source: '3', timePeriodClassId: '8',
      timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-05', timeEnd: '2026-02-28',
    }
    await waitFor(() => expect(page.query()).toEqual(want))
    await waitFor(() => expect(lastIndexQuery()).toEqual(want))
    expect(JSON.parse(localStorage.getItem(storageKeys.dashboard)!)).toEqual({ mediaId: '1', timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-05', timeEnd: '2026-02-28' })

    // 重置: the URL empties and the remembered media, grouping and dates come back, nothing else.
    await user.click(within(bar).getByRole('button', { name: '重置' }))
    await waitFor(() => expect(page.query()).toEqual({}))
    await waitFor(() => expect(lastIndexQuery()).toEqual({ mediaId: '1', timeType: '5', timeTypeValue: '7', timeAdd: '2026-01-05', timeEnd: '2026-02-28' }))
    expect(within(screen.getByRole('search')).getByRole('button', { name: /^产品/ }).textContent).toBe('全部产品')
  })

  it('a later visit starts from the remembered choice; a URL with dates wins', async () => {
    localStorage.setItem(storageKeys.dashboard, JSON.stringify({ mediaId: '2', timeType: '2', timeAdd: '2025-01-01', timeEnd: '2025-12-31' }))
    renderPage(<DashboardPage />, { url: '/dashboard' })
    await waitFor(() => expect(lastIndexQuery()).toEqual({ mediaId: '2', timeType: '2', timeAdd: '2025-01-01', timeEnd: '2025-12-31' }))
    await waitFor(() => expect((screen.getByLabelText('媒体') as HTMLSelectElement).value).toBe('2'))
  })

  it('says 暂无数据 when nothing was aired in the range', async () => {
    answer = { time: ['2026-02-01', '2026-02-28'], tTime: ['2026-W05'], tData: [], cData: [], oData: [] }
    renderPage(<DashboardPage />, { url: '/dashboard?timeType=3&timeAdd=2026-02-01&timeEnd=2026-02-01' })
    await waitFor(() => expect(screen.getAllByText('暂无数据')).toHaveLength(2))
    expect(lastIndexQuery()).toEqual({ timeType: '3', timeAdd: '2026-02-01', timeEnd: '2026-02-01' })
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says 暂无数据 too when the products asked for aired nothing', async () => {
    // No bucket has data, so none is listed (docs/dashboard.md "Buckets (`timeType`)"); the product asked for still is.
    const none = { id: 3, name: '乙', t: [] }
    answer = { time: ['2026-02-02', '2026-02-15'], tTime: [], tData: [none], cData: [none], oData: [none] }
    renderPage(<DashboardPage />, { url: '/dashboard?timeType=4&timeAdd=2026-02-02&timeEnd=2026-02-15&productId=3' })
    await waitFor(() => expect(screen.getAllByText('暂无数据')).toHaveLength(2))
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('a range the server refuses: its message on both charts, and it is not remembered', async () => {
    answer = envelope(null, '日期范围不能超过 3660 天', 4000)
    renderPage(<DashboardPage />, { url: '/dashboard?timeType=3&timeAdd=2016-01-01&timeEnd=2026-11-30' })
    await waitFor(() => expect(screen.getAllByText('日期范围不能超过 3660 天', { selector: '.dash-chart__error' })).toHaveLength(2))
    expect(screen.queryByText('暂无数据')).toBeNull()
    expect(localStorage.getItem(storageKeys.dashboard)).toBeNull()
  })

  it('checks the range before sending it; remembers a search once it is answered; 搜索 again asks again', async () => {
    const page = renderPage(<DashboardPage />, { url: '/dashboard' })
    const { user } = page
    await table('毛评点与点位数数据')
    const bar = screen.getByRole('search', { name: '看板筛选' })
    const from = within(bar).getByLabelText('开始日期')
    await user.clear(from)
    await user.type(from, '2016-01-01')
    const sent = asked('dashboardoneIndex').length
    await user.click(within(bar).getByRole('button', { name: '搜索' }))
    expect((await within(bar).findByRole('alert')).textContent).toBe('日期范围不能超过 3660 天')
    expect(asked('dashboardoneIndex')).toHaveLength(sent)
    expect(localStorage.getItem(storageKeys.dashboard)).toBeNull()

    await user.clear(from)
    await user.type(from, '2026-01-05')
    await user.click(within(bar).getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(JSON.parse(localStorage.getItem(storageKeys.dashboard)!)).toEqual({ timeType: '4', timeAdd: '2026-01-05', timeEnd: '2026-02-28' }))
    const before = asked('dashboardoneIndex').length
    await user.click(within(bar).getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked('dashboardoneIndex')).toHaveLength(before + 1))
    expect(lastIndexQuery()).toEqual({ timeType: '4', timeAdd: '2026-01-05', timeEnd: '2026-02-28' })
  })

  it('lists same-named groups once; picking the name picks every id of it', async () => {
    groups = [{ id: 11, name: '全国4+', defaultFor: [] }, { id: 12, name: '北京15+', defaultFor: [] }, { id: 21, name: '全国4+', defaultFor: [] }]
    const page = renderPage(<DashboardPage />, { url: '/dashboard?timeType=4&timeAdd=2026-02-01&timeEnd=2026-02-28&productId=3,9' })
    const { user } = page
    await table('毛评点与点位数数据')
    const bar = screen.getByRole('search', { name: '看板筛选' })
    await user.click(within(bar).getByRole('button', { name: /^受众\/城市组/ }))
    const popup = await screen.findByRole('dialog', { name: /^受众\/城市组/ })
    const boxes = await within(popup).findAllByRole('checkbox')
    expect(boxes.map((b) => b.parentElement!.textContent)).toEqual(['全国4+', '北京15+'])
    await user.click(within(popup).getByRole('checkbox', { name: '全国4+' }))
    await user.keyboard('{Escape}')
    await user.click(within(bar).getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(lastIndexQuery().defaultAudienceCityGroupId).toBe('11,21'))
  })

  it('Home and End take the brush to either end of the range', async () => {
    const { user } = renderPage(<DashboardPage />, { url: '/dashboard' })
    await table('毛评点与点位数数据')
    const brush = await screen.findByRole('slider', { name: '毛评点与点位数缩放范围' })
    brush.focus()
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    await user.keyboard('{End}')
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W06 至 2026-W09（第 2–5 个，共 5 个）')
    await user.keyboard('{Home}')
    expect(brush.getAttribute('aria-valuetext')).toBe('2026-W05 至 2026-W08（第 1–4 个，共 5 个）')
  })

  it('says so when the legend hides every series, with no empty table', async () => {
    const { user } = renderPage(<DashboardPage />, { url: '/dashboard' })
    await table('每点位毛评点数据')
    const legend = screen.getByRole('list', { name: '每点位毛评点图例' })
    for (const b of within(legend).getAllByRole('button')) await user.click(b)
    expect(await screen.findByText('已隐藏全部数据系列，点击图例重新显示')).toBeTruthy()
    expect(screen.queryByRole('table', { name: '每点位毛评点数据' })).toBeNull()
    expect(screen.getByRole('table', { name: '毛评点与点位数数据' })).toBeTruthy()
  })

  it('one product searched: 按受众/城市组 shows a series per audience group of it under the same filters (dashboardoneBIndex)', async () => {
    const url = '/dashboard?mediaId=1&productId=3&defaultAudienceCityGroupId=12&belongingTo=2&category=2&timeType=4&timeAdd=2026-02-01&timeEnd=2026-02-28'
    const { user } = renderPage(<DashboardPage />, { url })
    await table('毛评点与点位数数据')
    await user.click(screen.getByRole('button', { name: '按受众/城市组' }))
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: '毛评点与点位数数据' }))[0]).toEqual(['时间', '全国4+ 毛评点', '全国4+ 点位数', '北京15+ 毛评点', '北京15+ 点位数']))
    // The side and the other filters go along; the groups are the series.
    expect(Object.fromEntries(asked('dashboardoneBIndex').at(-1)!.params)).toEqual({
      productId: '3', mediaId: '1', belongingTo: '2', category: '2', timeType: '4', timeAdd: '2026-02-01', timeEnd: '2026-02-28',
    })
    expect(rowsOf(screen.getByRole('table', { name: '每点位毛评点数据' })).slice(1)).toEqual([['2026-W05', '1.250', '0.500'], ['2026-W06', '—', '0.667']])
    expect(screen.getByText(/同样的筛选下该产品每个受众\/城市组一个系列/)).toBeTruthy()
    expect(screen.getByRole('button', { name: '按受众/城市组' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: '按产品' }))
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: '毛评点与点位数数据' }))[0][1]).toBe('伊利 毛评点'))
  })

  it('offers no per-group view for several products or none', async () => {
    renderPage(<DashboardPage />, { url: '/dashboard?productId=3,7&timeType=4&timeAdd=2026-02-01&timeEnd=2026-02-28' })
    await table('毛评点与点位数数据')
    expect(screen.queryByRole('button', { name: '按受众/城市组' })).toBeNull()
    expect(asked('dashboardoneBIndex')).toHaveLength(0)
  })

  it('重置 refreshes the lists the new toolbar shows, not the groups of products it discarded', async () => {
    const { user } = renderPage(<DashboardPage />, { url: '/dashboard' })
    await table('毛评点与点位数数据')
    const bar = screen.getByRole('search', { name: '看板筛选' })
    await user.click(within(bar).getByRole('button', { name: /^产品/ }))
    await user.click(await within(await screen.findByRole('dialog', { name: /^产品/ })).findByRole('checkbox', { name: '蒙牛' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(asked('dashboardProductList').map((s) => s.params.get('productId'))).toEqual(['7']))
    const indexCalls = asked('dashboardoneIndex').length
    await user.click(within(bar).getByRole('button', { name: '重置' }))
    await waitFor(() => expect(asked('dashboardoneIndex').length).toBeGreaterThan(indexCalls))
    await waitFor(() => expect(asked('dashboardMediaList').length).toBeGreaterThan(1))
    expect(asked('dashboardProductList')).toHaveLength(1)
  })
})
