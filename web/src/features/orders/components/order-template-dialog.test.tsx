import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import type { TemplateLine, TemplateMonth } from '../api/get-order-template'
import { OrderTemplateDialog } from './order-template-dialog'

// The upload itself is the dialog's business (tested there): here it stores the file and names job 9.
const signed: unknown[] = []
vi.mock('@/components/upload/upload-file', () => ({
  useUploadFile: () => ({
    mutateAsync: async ({ target, file }: { target: unknown; file: File }) => {
      signed.push(target)
      return { file: { id: 1, fileName: file.name }, jobId: 9 }
    },
    isPending: false,
  }),
}))

const line = (id: number, days: [number, number][]): TemplateLine => ({
  id, type: 'A', position: id === 1 ? '2' : '',
  product_magnetic_tape: { id: 5, mediaFileName: `v${id}.mp4` },
  time_period: { id: 7, timePeriodName: `时段${id}`, TimePeriodClass: { timePeriodClassName: id === 1 ? '晚间' : '' } },
  order_template_ymd: days.map(([d, point]) => ({ d, point, isHe: 1, reasonDisappearance: '0', aired: 0 })),
})

let months: TemplateMonth[]
const server = fakeApi(
  {
    orderTemplateList: () => months,
    orderList: () => ({ data: [], total: 0 }),
  },
  () => [],
)
const live = fakeRealtime()
const push = live.timeline
signedIn()

function setup() {
  return renderPage(<OrderTemplateDialog orderId={3} onClose={() => {}} />, { realtime: live.channel }).user
}

beforeEach(() => {
  signed.length = 0
})

describe('OrderTemplateDialog', () => {
  it('shows a tab per month, the points in their day columns, weekends highlighted, 10 lines a page', async () => {
    months = [
      { pointDateYm: '2026-03', days: 31, data: [line(1, [[1, 2], [15, 1]]), ...Array.from({ length: 11 }, (_, i) => line(i + 2, [[2, 1]]))] },
      { pointDateYm: '2026-04', days: 30, data: [line(20, [[30, 4]])] },
    ]
    const user = setup()
    const dialog = await screen.findByRole('dialog', { name: '订单模板 #3' })
    const tabs = await within(dialog).findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['2026-03', '2026-04'])
    const table = within(dialog).getByRole('table', { name: '2026-03 排期' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.slice(0, 5).map((h) => h.textContent)).toEqual(['版本', '时段归纳', '时段', '类型', '位置'])
    const days = headers.filter((h) => h.dataset.day)
    expect(days.map((h) => h.dataset.day)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')))
    expect(days.filter((h) => h.dataset.weekend).map((h) => h.dataset.day)).toEqual(['01', '07', '08', '14', '15', '21', '22', '28', '29'])
    expect(days[0].title).toBe('2026-03-01 星期日')

    const first = table.querySelector('[data-line-id="1"]') as HTMLElement
    const cell = (d: string) => first.querySelector(`td[data-day="${d}"]`)?.textContent
    expect([cell('01'), cell('02'), cell('15')]).toEqual(['2', '', '1'])
    expect(within(first).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['v1.mp4', '晚间', '时段1', 'A', '2'])
    expect(within(table).getAllByRole('row')).toHaveLength(11)

    await user.click(within(dialog).getByRole('button', { name: '第 2 页' }))
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(table.querySelector('[data-line-id="12"]')).toBeTruthy()

    await user.click(tabs[1])
    const april = within(dialog).getByRole('table', { name: '2026-04 排期' })
    expect(within(april).getAllByRole('columnheader').filter((h) => h.dataset.day)).toHaveLength(30)
    expect(april.querySelector('[data-line-id="20"] td[data-day="30"]')?.textContent).toBe('4')
  })

  it('imports through the upload dialog tagged orderTemplate; the job’s listed errors show in full, then a success refreshes', async () => {
    months = []
    const user = setup()
    const dialog = await screen.findByRole('dialog', { name: '订单模板 #3' })
    expect(await within(dialog).findByText('暂无排期，请导入订单模板')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: '导入排期' }))
    const upload = await screen.findByRole('dialog', { name: '上传文件' })
    await waitFor(() => expect(within(upload).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(upload).getByLabelText('选择要上传的文件'), new File([new Uint8Array(3)], '排期.xlsx'))
    await user.click(within(upload).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())
    expect(signed).toEqual([expect.objectContaining({ tags: 'orderTemplate', tagValue: { orderId: 3 } })])
    expect((await screen.findByTestId('import-result')).textContent).toContain('正在导入')

    const problems = ['「2026-03」第 2 行「版本」“X”：不是该订单的磁带', '「2026-03」第 3 行「时段」“Y”：不是该媒体的时段']
    push({ status: 2, jobId: 9, level: 'error', data: ['未导入任何数据：2 行有错误（共 2 处）', ...problems].join('\n') })
    const result = await screen.findByRole('alert', { name: '导入失败' })
    const listed = within(result).getByRole('list', { name: '未导入任何数据：2 行有错误（共 2 处）' })
    expect(within(listed).getAllByRole('listitem').map((li) => li.textContent)).toEqual(problems)

    const before = server.asked('orderTemplateList').length
    months = [{ pointDateYm: '2026-03', days: 31, data: [line(1, [[1, 2]])] }]
    await user.click(within(dialog).getByRole('button', { name: '导入排期' }))
    const again = await screen.findByRole('dialog', { name: '上传文件' })
    await waitFor(() => expect(within(again).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(again).getByLabelText('选择要上传的文件'), new File([new Uint8Array(4)], '排期2.xlsx'))
    await user.click(within(again).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())
    push({ status: 2, jobId: 9, level: 'success', data: '已导入 2026-03 的排期：1 行，2 个点位' })
    expect((await screen.findByRole('status', { name: '导入完成' })).textContent).toContain('1 行，2 个点位')
    expect(await within(dialog).findByRole('table', { name: '2026-03 排期' })).toBeTruthy()
    expect(server.asked('orderTemplateList').length).toBeGreaterThan(before)
  })

  it('greys the days a confirmed certificate verified and flags the short ones, with a legend', async () => {
    const marked = line(1, [])
    marked.order_template_ymd = [
      { d: 2, point: 2, isHe: 2, reasonDisappearance: '0', aired: 2 },
      { d: 3, point: 3, isHe: 1, reasonDisappearance: '1', aired: 1 },
      { d: 4, point: 1 },
    ] as TemplateLine['order_template_ymd']
    months = [{ pointDateYm: '2026-03', days: 31, data: [marked] }, { pointDateYm: '2026-04', days: 30, data: [line(2, [[1, 1]])] }]
    const user = setup()
    const dialog = await screen.findByRole('dialog', { name: '订单模板 #3' })
    const table = await within(dialog).findByRole('table', { name: '2026-03 排期' })
    const cell = (d: string) => table.querySelector(`[data-line-id="1"] td[data-day="${d}"]`) as HTMLElement
    expect([cell('02').dataset.mark, cell('03').dataset.mark, cell('04').dataset.mark]).toEqual(['verified', 'missing', undefined])
    expect(cell('02').className).toContain('template-grid__point--verified')
    expect(cell('03').className).toContain('template-grid__point--missing')
    expect([cell('02').title, cell('03').title]).toEqual(['已核实：播出 2 / 计划 2', '缺失：播出 1 / 计划 3'])
    expect(within(dialog).getByLabelText('图例').textContent).toBe('已核实（播出证明已确认全部播出）缺失（播出少于计划）')

    // A month without a confirmed certificate has no marks and no legend.
    await user.click(within(dialog).getAllByRole('tab')[1])
    await within(dialog).findByRole('table', { name: '2026-04 排期' })
    expect(within(dialog).queryByLabelText('图例')).toBeNull()
  })
})
