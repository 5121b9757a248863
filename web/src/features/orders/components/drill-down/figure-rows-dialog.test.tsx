import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { spyDownloads, TICKET } from '@/testing/downloads'
import { renderPage } from '@/testing/render-page'
import type { FigureRow, FigureRows } from '../../api/get-figure-rows'
import { EvaluationFigures } from '@/features/summary/components/evaluation-figures'
import { figures } from '@/testing/evaluation-fixtures'
import { DrillDownProvider } from './drill-down'

const downloads = spyDownloads()

const spot = (time: string, grp: number, over: Partial<FigureRow> = {}): FigureRow => ({
  kind: 'spot', ymd: '2026-03-02', addTime: time, title: '伊利版本A', position: '正一', topOrBottomThree: true,
  lineId: 3, mediaFileName: '伊利版本A', timePeriodName: '晚间', type: 'A', grp, spots: 1, value: grp, ...over,
})

/** March's 已发GRP 30.5: a manual GRP, a superseded spot, two spots (one of 25 on page 2). */
const MARCH: FigureRows = {
  data: [
    { kind: 'manual', ymd: '2026-03-02', lineId: 3, cellId: 30, mediaFileName: '伊利版本A', timePeriodName: '晚间', type: 'A', grp: 2.5, spots: 2, value: 2.5, note: '已核对点位的手动GRP' },
    spot('19:10:00', 2, { kind: 'superseded', value: 0 }),
    spot('19:40:00', 3),
  ],
  total: 25,
  sum: 30.5,
  unit: 'grp',
}
/** What the server answers figureRows: March's rows unless a test says otherwise. */
let answer = MARCH
const api = fakeApi({
  orderSummaryList: () => figures,
  orderViewingList: () => [],
  figureRows: () => answer,
  figureRowsExport: () => ({ url: '/files/exports/x/明细.xlsx' }),
  ticket: TICKET,
})
signedIn()

// Each test starts from March's rows, whatever the test before it answered.
beforeEach(() => {
  answer = MARCH
})

const show = () =>
  renderPage(
    <DrillDownProvider>
      <EvaluationFigures rows={figures} loading={false} orderId={7} filter={{ belongingTo: '1', category: '2', source: '' }} />
    </DrillDownProvider>,
  )
const sent = () => Object.fromEntries(api.sent.filter((s) => s.name === 'figureRows').at(-1)!.params)

describe('the rows behind a figure', () => {
  it("opens March's 已发GRP: its rows, their sum over every page, equal to the cell", async () => {
    const { user } = show()
    const march = screen.getByRole('row', { name: /^2026-03/ })
    await user.click(within(march).getByTitle('查看明细：2026-03 · 已发GRP'))
    const box = await screen.findByRole('dialog', { name: '2026-03 · 已发GRP · 明细' })
    await waitFor(() => expect(sent()).toEqual({ orderId: '7', figure: 'issuedGrp', belongingTo: '1', category: '2', month: '2026-03', page: '1', limit: '20' }))
    const status = await within(box).findByRole('status')
    expect(status.textContent).toBe('共 25 行合计 30.500与表中数字 30.500 一致')
    const table = within(box).getByRole('table', { name: '指标明细' })
    // Only the columns the rows have.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '类别', '计入', '日期', '播出时间', '标题', '版本', '时段', '类型', '位置', '毛评点', '次数', '说明',
    ])
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))
    expect(rows[0].slice(0, 3)).toEqual(['手动GRP', '2.500', '2026-03-02'])
    expect(rows[1]).toEqual(['已被手动GRP替代', '0.000', '2026-03-02', '19:10:00', '伊利版本A', '伊利版本A', '晚间', 'A', '正一（正负三）', '2.000', '1', ''])
    // The next page asks for page 2 of the same figure.
    await user.click(within(box).getByRole('button', { name: '第 2 页' }))
    await waitFor(() => expect(sent().page).toBe('2'))
    // 导出明细: every row, the same arguments.
    await user.click(within(box).getByRole('button', { name: '导出明细' }))
    await waitFor(() => expect(downloads).toEqual(['/files/exports/x/明细.xlsx?token=t']))
    const exported = Object.fromEntries(api.sent.find((s) => s.name === 'figureRowsExport')!.params)
    expect(exported).toEqual({ orderId: '7', figure: 'issuedGrp', belongingTo: '1', category: '2', month: '2026-03' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The focus is back on the figure it opened from.
    expect(document.activeElement?.getAttribute('title')).toBe('查看明细：2026-03 · 已发GRP')
  })

  it('says so when the rows do not add up to the figure shown', async () => {
    answer = { ...answer, sum: 30.4 }
    const { user } = show()
    const total = screen.getByRole('row', { name: /^合计/ })
    await user.click(within(total).getByTitle('查看明细：合计 · 已发GRP'))
    const box = await screen.findByRole('dialog', { name: '合计 · 已发GRP · 明细' })
    await waitFor(() => expect(within(box).getByRole('status').textContent).toContain('与表中数字 30.500 不一致'))
    // The total asks for the whole order: no month.
    expect(sent().month).toBeUndefined()
  })

  it('opens overplay and 正负三% from the sums they are worked out from, by keyboard', async () => {
    answer = { data: [], total: 8, sum: 4, unit: 'spots' }
    const { user } = show()
    const march = screen.getByRole('row', { name: /^2026-03/ })
    within(march).getByTitle('查看明细：2026-03 · 正负三%').focus()
    await user.keyboard('{Enter}')
    const box = await screen.findByRole('dialog', { name: '2026-03 · 正负三% · 明细' })
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe('共 8 行合计 44 ÷ 8 个已知位置 = 表中 50.00%'))
    expect(sent().figure).toBe('upsideDownThree')
    await user.keyboard('{Escape}')
    answer = { data: [], total: 3, sum: -5.5, unit: 'grp' }
    await user.click(within(march).getByTitle('查看明细：2026-03 · 超播%低'))
    const overplay = await screen.findByRole('dialog', { name: '2026-03 · 超播%低 · 明细' })
    await waitFor(() => expect(sent().figure).toBe('differenceLow'))
    expect(within(overplay).getByRole('status').textContent).toContain('表中 -19.17% 由差值 -5.500 计算')
  })
})
