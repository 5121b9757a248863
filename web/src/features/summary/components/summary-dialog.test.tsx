import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Order } from '@/features/orders/api/get-orders'
import type { GridCell, GridMonth, GridRow } from '../api/get-summary-grid'
import type { SummaryAction } from './summary-dialogs'
import { figures, viewingClass } from '@/testing/evaluation-fixtures'
import { layGridOut } from '@/testing/summary-fixtures'

// The point dialogs are another part's: here they only record what the grid asked for, and
// hand over what a batch reports written.
const asked: SummaryAction[] = []
let batchWritten: ((ids: number[]) => void) | undefined
vi.mock('./summary-dialogs', () => ({
  SummaryDialogs: ({ action, onBatchWritten }: { action: SummaryAction; onBatchWritten?: (ids: number[]) => void }) => {
    if (action) asked.push(action)
    batchWritten = onBatchWritten
    return null
  },
}))
const { SummaryDialog } = await import('./summary-dialog')

const order = {
  id: 7, productName: '纯牛奶', cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-04-30', cycleTimeMonth: '2026-03,2026-04', seconds: 15,
  makeGoodPolicy: 3,
} as unknown as Order

const cell = (id: number, d: number, over: Partial<GridCell> = {}): GridCell => ({
  id, d, ymd: `2026-03-${String(d).padStart(2, '0')}`, point: 2, value: '', type: 'A', isHe: 1, reasonType: '1', reasonValue: '',
  reasonDisappearance: '0', mdp: null, aired: 0, moved: 0, makeGood: 0, order_summary_grp_ymd_operation: [], ...over,
})
const line = (id: number, cells: GridCell[], ym = '2026-03'): GridRow => ({
  id, contractNumber: `HT-${id}`, type: 'A', position: '', length: 15, product_magnetic_tape: { id: 1, mediaFileName: 'v1.mp4' },
  time_period: { id: 2, timePeriodName: '早间' }, timePeriodId: 2, pointDateYm: ym, order_summary_grp_ymd: cells,
  remainingTimes: 4, publishedTimes: 1, issuedGrp: 0, issuedSpots: 0, averageViewershipThisMonth: 1.2345, viewEstimated: 0, viewEstimatedLow: 0, viewEstimatedHigh: 0,
  estimated: 0, estimatedLow: 0, estimatedHigh: 0, totalTimes: 6,
})
const months: GridMonth[] = [
  {
    pointDateYm: '2026-03',
    makeGood: { owed: 2, scheduled: 1, outstanding: 1 }, unplacedSpots: 0, unplacedGrp: 0,
    data: [
      line(1, [
        cell(11, 2),
        cell(12, 3, { value: '撤掉' }),
        cell(13, 4, { isHe: 2, aired: 2, reasonType: '2', reasonValue: '停播' }),
        // Short: 3 planned, 1 aired, 1 of the 2 missing moved already.
        cell(14, 5, { point: 3, aired: 1, moved: 1, reasonDisappearance: '1' }),
      ]),
      line(2, [cell(21, 2), cell(22, 9, { makeGood: 2 })]),
    ],
  },
  { pointDateYm: '2026-04', makeGood: { owed: 4, scheduled: 1, outstanding: 4 }, unplacedSpots: 0, unplacedGrp: 0, data: [line(3, [], '2026-04')] },
]

let estimate: string | null = null
const api = fakeApi({
  orderSummaryGrpList: () => months,
  orderTime: () => ({
    cycleTimeAdd: '2026-03-01', cycleTimeEnd: '2026-04-30', months: ['2026-03', '2026-04'], estimateTime: estimate, assessmentDate: '2026-03-10',
    today: '2026-03-10', confirmedMonths: [],
  }),
  orderSummarySuitList: () => [
    { suitId: 1, suitXId: 1, suitName: '春季套装', suitTime: '2026-03', timePeriodName: '早间', numberOfTimes: 10, scheduled: 6, num: 4, overrun: 0 },
    { suitId: 2, suitXId: 1, suitName: '四月套装', suitTime: '2026-04', timePeriodName: '早间,晚间', numberOfTimes: 5, scheduled: 8, num: 0, overrun: 3 },
  ],
  orderLogList: () => [{ id: 1, content: '修改点位', admin: { name: '张三' }, createTime: '2026-03-02 10:00:00' }] as never,
  orderProposalList: () => [{ id: 1, proposalText: '加投晚间', adjustDate: '2026-03-05', proposalStatus: '1', adminName: '李四', createTime: '' }] as never,
  grpTimeUp: (sent) => {
    estimate = (sent.body as { timePg: string }).timePg
    return { estimateTime: estimate, jStatus: 2, jStatusName: '已评估' }
  },
  orderSummaryList: () => figures,
  orderViewingList: () => [viewingClass()],
})
signedIn()

layGridOut(1600)

beforeEach(() => {
  asked.length = 0
  estimate = null
})

const open = () => renderPage(<SummaryDialog order={order} onClose={() => {}} />)
const dialog = () => screen.findByRole('dialog', { name: '汇总 #7 · 纯牛奶' })

describe('the summary dialog', () => {
  it('opens on 汇总: the order, the figures and estimates, make-goods per month, suits, the log timeline, proposals', async () => {
    open()
    const box = await dialog()
    expect(within(box).getByRole('button', { name: '汇总' }).getAttribute('aria-pressed')).toBe('true')
    expect(await within(box).findByText('2026-03-01 ~ 2026-04-30')).toBeTruthy()
    const makeGoods = within(box).getByRole('table', { name: '补播' })
    await waitFor(() => expect(within(makeGoods).getAllByRole('row')).toHaveLength(3))
    expect(within(makeGoods).getAllByRole('row')[1].textContent).toBe('2026-03211')
    expect(within(makeGoods).getAllByRole('row')[2].textContent).toBe('2026-04414')
    // The policy the owed spots follow: 漏一补二 owes two per missing spot.
    expect(within(box).getByText('补播政策：漏一补二')).toBeTruthy()
    expect(makeGoods.getAttribute('aria-describedby')).toBe('summary-make-goods-policy')
    // The toolbar's side and filters reach the figures and the estimates.
    const table = within(box).getByRole('table', { name: '评估汇总' })
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3))
    expect(api.asked('orderSummaryList' as never)[0].params.get('belongingTo')).toBe('1')
    expect(await within(box).findByRole('textbox', { name: '晚间黄金 常规' })).toBeTruthy()
    // Each suit entry of the cycle's months: its count, what is scheduled, what is left — never
    // below 0, an overrun said as 超排.
    const suits = await within(box).findByRole('table', { name: '套装剩余次数' })
    await waitFor(() => expect(within(suits).getAllByRole('row')).toHaveLength(3))
    const cells = (i: number) => within(suits).getAllByRole('row')[i].querySelectorAll('td')
    expect([...cells(1)].map((c) => c.textContent)).toEqual(['春季套装', '2026-03', '早间', '10', '6', '4'])
    expect([...cells(2)].map((c) => c.textContent)).toEqual(['四月套装', '2026-04', '早间,晚间', '5', '8', '0超排 3'])
    expect(within(suits).getByText('超排 3').className).toContain('order-figure--negative')
    expect(await within(box).findByText('修改点位')).toBeTruthy()
    expect(await within(box).findByText('加投晚间')).toBeTruthy()
    expect(within(box).getByRole('button', { name: '添加' })).toBeTruthy()
  })

  it('shows the month grid: frozen columns, a day column per day, cells by state, the figures', async () => {
    const { user } = open()
    const box = await dialog()
    await user.click(within(box).getByRole('button', { name: '月份' }))
    const grid = await within(box).findByRole('grid', { name: '2026-03 汇总表' })
    expect(grid.getAttribute('aria-colcount')).toBe(String(6 + 31 + 10))
    const headers = within(grid).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.slice(0, 8)).toEqual(['合同号', '类型', '位置', '版本', '长度', '时段', '1日', '2一'])
    expect(headers.slice(-10)).toEqual(['剩余次数', '本月平均收视', '播证已播', '已播预估常规', '已播预估低', '已播预估高', '剩余预估常规', '剩余预估低', '剩余预估高', '总次数'])
    await waitFor(() => expect(within(grid).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['HT-1', 'HT-2']))
    const day = (r: number, c: number) => grid.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`)!
    await waitFor(() => expect(day(0, 1)).toBeTruthy())
    expect(day(0, 1).textContent).toBe('2')
    expect(day(0, 2).className).toContain('summary-grid__day--withdrawn')
    expect(day(0, 3).className).toContain('summary-grid__day--verified')
    expect(day(0, 3).className).toContain('summary-grid__day--reason')
    expect(day(0, 3).title).toContain('原因：停播')
    expect(day(0, 4).className).toContain('summary-grid__day--short')
    expect(day(0, 4).title).toBe('2026-03-05 · 3 个点位 · 缺播 2 个，已移动 1 个')
    expect(day(1, 8).className).toContain('summary-grid__day--make-good')
    expect(day(1, 8).title).toContain('补播 2 个')
    const legend = within(box).getByRole('list', { name: '图例' })
    expect(within(legend).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['已核对', '撤掉', '有原因', '缺播', '缺播已移出', '补播'])
    // The thin outline's swatch is drawn with the settled cell's own classes.
    expect(within(legend).getByText('缺播已移出').querySelector('.summary-grid__day--settled')).toBeTruthy()
    expect(day(0, 0).className).toContain('summary-grid__day--weekend')
    const figures = [...grid.querySelectorAll('[data-row="0"], .summary-grid__figure')].filter((e) => e.classList.contains('summary-grid__figure'))
    expect(figures.slice(0, 10).map((e) => e.textContent)).toEqual(['4', '1.2345', '1', '0.000', '0.000', '0.000', '0.000', '0.000', '0.000', '6'])
    // 合并月份 shows one month at a time behind the month tabs.
    await user.click(within(box).getByRole('tab', { name: '2026-04' }))
    expect(await within(box).findByRole('grid', { name: '2026-04 汇总表' })).toBeTruthy()
    expect(within(box).queryByRole('grid', { name: '2026-03 汇总表' })).toBeNull()
    // 拆分月份 stacks them, without the batch and 添加时段.
    await user.click(within(box).getByRole('button', { name: '拆分月份' }))
    expect(await within(box).findByRole('grid', { name: '2026-03 汇总表' })).toBeTruthy()
    expect(within(box).getByRole('grid', { name: '2026-04 汇总表' })).toBeTruthy()
    expect(within(box).queryByRole('button', { name: '添加时段' })).toBeNull()
  })

  it('moves the focus by keyboard, opens records on Enter and the menu on Shift+F10 and a right click', async () => {
    const { user } = open()
    const box = await dialog()
    await user.click(within(box).getByRole('button', { name: '月份' }))
    const grid = await within(box).findByRole('grid', { name: '2026-03 汇总表' })
    await waitFor(() => expect(grid.querySelector('[data-row="0"][data-col="0"]')).toBeTruthy())
    const first = grid.querySelector<HTMLElement>('[data-row="0"][data-col="0"]')!
    expect(first.tabIndex).toBe(0)
    first.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-col')).toBe('3'))
    await user.keyboard('{Enter}')
    expect(asked.at(-1)).toMatchObject({ kind: 'records', ymd: '2026-03-04', cell: { id: 13 } })
    await user.keyboard('{Shift>}{F10}{/Shift}')
    const menu = await screen.findByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['备注', '手动GRP', '记录'])
    await user.click(within(menu).getByRole('menuitem', { name: '手动GRP' }))
    expect(asked.at(-1)).toMatchObject({ kind: 'grp', cell: { id: 13 }, row: { id: 1 } })
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    // The short cell beside it: 修改, 记录 and 移动 (one missing spot not yet moved).
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-col')).toBe('4'))
    await user.keyboard('{Shift>}{F10}{/Shift}')
    const short = await screen.findByRole('menu')
    expect(within(short).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['修改', '记录', '移动'])
    await user.click(within(short).getByRole('menuitem', { name: '移动' }))
    expect(asked.at(-1)).toMatchObject({ kind: 'move', cell: { id: 14 }, row: { id: 1 } })
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    await user.keyboard('{ArrowDown}{Home}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-row')).toBe('1'))
    fireEvent.contextMenu(grid.querySelector('[data-row="1"][data-col="5"]')!)
    const empty = await screen.findByRole('menu')
    expect(within(empty).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['修改'])
    await user.click(within(empty).getByRole('menuitem', { name: '修改' }))
    expect(asked.at(-1)).toMatchObject({ kind: 'modify', cell: null, ymd: '2026-03-06', row: { id: 2 } })
  })

  it('chooses unverified cells for the batch by Ctrl-click and Space; 添加时段 names the month', async () => {
    const { user } = open()
    const box = await dialog()
    await user.click(within(box).getByRole('button', { name: '月份' }))
    const grid = await within(box).findByRole('grid', { name: '2026-03 汇总表' })
    await waitFor(() => expect(grid.querySelector('[data-row="0"][data-col="1"]')).toBeTruthy())
    const batch = within(box).getByRole('button', { name: /批量撤掉\/修改/ })
    expect(batch.hasAttribute('disabled')).toBe(true)
    fireEvent.click(grid.querySelector('[data-row="0"][data-col="1"]')!, { ctrlKey: true })
    // A verified cell is locked: not chosen.
    fireEvent.click(grid.querySelector('[data-row="0"][data-col="3"]')!, { ctrlKey: true })
    grid.querySelector<HTMLElement>('[data-row="0"][data-col="1"]')!.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement?.getAttribute('data-row')).toBe('1'))
    await user.keyboard(' ')
    expect(batch.textContent).toBe('批量撤掉/修改（2）')
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(2)
    await user.click(batch)
    expect(asked.at(-1)).toMatchObject({ kind: 'batch', items: [{ cell: { id: 11 } }, { cell: { id: 21 } }] })
    // The cells the batch wrote leave the selection: nothing stays chosen once it applied.
    act(() => batchWritten?.([11, 21]))
    expect(batch.textContent).toBe('批量撤掉/修改（0）')
    expect(batch.hasAttribute('disabled')).toBe(true)
    expect(grid.querySelectorAll('[aria-selected="true"]')).toHaveLength(0)
    await user.click(within(box).getByRole('button', { name: '添加时段' }))
    expect(asked.at(-1)).toEqual({ kind: 'addSlot', month: '2026-03' })
  })

  it('asks again under the filters and on 刷新汇总', async () => {
    const { user } = open()
    const box = await dialog()
    await waitFor(() => expect(api.asked('orderSummaryGrpList')).toHaveLength(1))
    expect(api.asked('orderSummaryGrpList')[0].params.get('belongingTo')).toBe('1')
    await user.selectOptions(within(box).getByRole('combobox', { name: '数据归属' }), '2')
    await user.selectOptions(within(box).getByRole('combobox', { name: '数据类别' }), '3')
    await user.selectOptions(within(box).getByRole('combobox', { name: '数据来源' }), '2')
    await waitFor(() => expect(api.asked('orderSummaryGrpList').at(-1)?.params.toString()).toBe('orderId=7&belongingTo=2&category=3&source=2'))
    const before = api.asked('orderSummaryGrpList').length
    await user.click(within(box).getByRole('button', { name: '刷新汇总' }))
    await waitFor(() => expect(api.asked('orderSummaryGrpList')).toHaveLength(before + 1))
  })

  it('刷新汇总 refreshes everything the dialog shows, busy meanwhile, and says 已刷新', async () => {
    const { user } = open()
    const box = await dialog()
    expect(await within(box).findByText('加投晚间')).toBeTruthy()
    const calls = ['orderSummaryGrpList', 'orderSummarySuitList', 'orderTime', 'orderLogList', 'orderProposalList'] as const
    await waitFor(() => calls.forEach((c) => expect(api.asked(c).length).toBeGreaterThan(0)))
    const before = calls.map((c) => api.asked(c).length)
    const button = within(box).getByRole('button', { name: '刷新汇总' })
    // The fake server answers at once: record the busy state as it comes and goes.
    const states: string[] = []
    const watch = new MutationObserver(() => states.push(`${button.getAttribute('aria-busy')}:${button.hasAttribute('disabled')}`))
    watch.observe(button, { attributes: true })
    await user.click(button)
    await waitFor(() => expect(getToast()?.message).toBe('已刷新'))
    expect(calls.map((c) => api.asked(c).length)).toEqual(before.map((n) => n + 1))
    await waitFor(() => expect(button.hasAttribute('aria-busy')).toBe(false))
    watch.disconnect()
    expect(states).toContain('true:true')
  })

  it('opens the assessment date on the order\'s estimateTime, without the from-today hint', async () => {
    estimate = '2026-03-12'
    open()
    const box = await dialog()
    const date = within(box).getByRole('textbox', { name: '评估时间' }) as HTMLInputElement
    await waitFor(() => expect(date.value).toBe('2026-03-12'))
    expect(within(box).queryByText('未设置评估时间，剩余次数从今天算起')).toBeNull()
    expect(date.hasAttribute('aria-describedby')).toBe(false)
  })

  it('sets the assessment date, refusing an empty one; toggles full screen; closing resets to 汇总', async () => {
    const onClose = vi.fn()
    const { user } = renderPage(<SummaryDialog order={order} onClose={onClose} />)
    const box = await dialog()
    await user.click(within(box).getByRole('button', { name: '确认修改评估时间' }))
    expect(getToast()?.message).toBe('请选择修改评估时间')
    expect(api.asked('grpTimeUp')).toHaveLength(0)
    const date = within(box).getByRole('textbox', { name: '评估时间' })
    // None set: the field is empty and says the remaining spots count from today.
    await waitFor(() => expect(api.asked('orderTime').length).toBeGreaterThan(0))
    expect(date.getAttribute('aria-describedby')).toBe('summary-assessment-hint')
    expect(within(box).getByText('未设置评估时间，剩余次数从今天算起')).toBeTruthy()
    await user.type(date, '2026-03-15')
    await user.tab()
    await user.click(within(box).getByRole('button', { name: '确认修改评估时间' }))
    await waitFor(() => expect(api.asked('grpTimeUp')).toHaveLength(1))
    expect(api.asked('grpTimeUp')[0].body).toEqual({ orderId: 7, timePg: '2026-03-15' })
    await waitFor(() => expect(getToast()?.message).toBe('评估时间已修改为 2026-03-15'))
    // Set now: the hint goes, the field keeps the date.
    await waitFor(() => expect(within(box).queryByText('未设置评估时间，剩余次数从今天算起')).toBeNull())
    expect((date as HTMLInputElement).value).toBe('2026-03-15')

    await user.click(within(box).getByRole('button', { name: '全屏' }))
    expect(box.querySelector('.summary--full')).toBeTruthy()
    await user.click(within(box).getByRole('button', { name: '退出全屏' }))
    await user.click(within(box).getByRole('button', { name: '数据分析' }))
    expect(await within(box).findByRole('search', { name: '数据分析查询' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
    // The parent still holds the order here, so the dialog stays: back on 汇总.
    expect(within(box).getByRole('button', { name: '汇总' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('opens 客户数据 beside the figures with the toolbar\'s category and source, and gives the focus back on closing', async () => {
    const { user } = open()
    const box = await dialog()
    await user.selectOptions(within(box).getByRole('combobox', { name: '数据类别' }), '3')
    const button = await within(box).findByRole('button', { name: '客户数据' })
    await user.click(button)
    const customer = await screen.findByRole('dialog', { name: '客户数据 #7' })
    expect((within(customer).getByRole('combobox', { name: '数据类别' }) as HTMLSelectElement).value).toBe('3')
    await user.click(within(customer).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '客户数据 #7' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('opens the estimates from the analysis view (收视信息) and gives the focus back on closing', async () => {
    const { user } = open()
    const box = await dialog()
    await user.click(within(box).getByRole('button', { name: '数据分析' }))
    const button = within(box).getByRole('button', { name: '收视信息' })
    await user.click(button)
    const viewing = await screen.findByRole('dialog', { name: '收视信息 #7' })
    const table = within(viewing).getByRole('table', { name: '预估（每个点位的 GRP）' })
    expect(await within(table).findByRole('textbox', { name: '晚间黄金 常规' })).toBeTruthy()
    await user.click(within(viewing).getAllByRole('button', { name: '关闭' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '收视信息 #7' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })
})
