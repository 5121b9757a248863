import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import type { CustomerRow } from '../api/get-customers'
import CustomersPage from './customers-page'

// The upload itself is the dialog's business (tested there): here it stores the file and names job 9.
vi.mock('@/components/upload/upload-file', () => ({
  useUploadFile: () => ({
    mutateAsync: async ({ file }: { file: File }) => ({ file: { id: 1, fileName: file.name }, jobId: 9 }),
    isPending: false,
  }),
}))

const row = (id: number, title = `广告${id}`): CustomerRow => ({
  id, title, channel: 'CCTV-1 综合', mediaId: 1, addTime: '2026-03-01 19:31:05', duration: 15, ymd: '2026-03-01',
  circumferenceName: '新闻联播', category: 2, source: 3, belongingTo: 1, time_period_class: { timePeriodClassName: '晚间' },
  maoDianPing: 1.2346, default_audience_city_group: { audienceCityGroupName: '全国4+' }, position: '2/8', createTime: '2026-03-02 10:00:00',
})

let rows: CustomerRow[]
const server = fakeApi({
  customerIndex: () => ({ data: rows, total: rows.length }),
  customerBrandList: () => [{ id: 4, brandName: '伊利' }, { id: 5, brandName: '蒙牛' }],
  customerMediaList: () => [{ id: 1, mediaName: 'CCTV-1 综合' }],
  customerDel: () => envelope({ deleted: 2 }, '删除成功'),
})
const asked = server.asked
const live = fakeRealtime()
signedIn()

let page: ReturnType<typeof renderPage>
const query = () => page.query()

function setup(url = '/client/index') {
  page = renderPage(<CustomersPage />, { url, realtime: live.channel })
  return page.user
}

describe('CustomersPage', () => {
  it('asks for 100 rows and shows the columns, GRP as kept (here 4 decimals), each row’s 数据归属', async () => {
    // One spot measured on both sides: the rows differ only in their ownership, which shows.
    rows = [row(1), { ...row(2, '广告1'), belongingTo: 2 }]
    setup()
    const table = await screen.findByRole('table', { name: '客户数据' })
    await within(table).findByText('媒体')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '', '日期', '频道', '数据归属', '播出时间', '时长(秒)', '标题', '节目', '时段归纳', '受众/城市组', '毛评点', '位置', '数据类别', '数据来源', '创建时间',
    ])
    const cells = (id: number) => within(table.querySelector(`[data-row-key="${id}"]`) as HTMLElement).getAllByRole('cell').map((c) => c.textContent)
    expect(cells(1).slice(1)).toEqual([
      '2026-03-01', 'CCTV-1 综合', '客户', '2026-03-01 19:31:05', '15', '广告1', '新闻联播', '晚间', '全国4+', '1.2346', '2/8', '客户数据', '实际播出', '2026-03-02 10:00:00',
    ])
    expect(cells(2).slice(1, 5)).toEqual(['2026-03-01', 'CCTV-1 综合', '媒体', '2026-03-01 19:31:05'])
    expect(Object.fromEntries(asked('customerIndex')[0].params)).toEqual({ page: '1', limit: '100' })
  })

  it('searches from page 1 with every filter in the URL; 重置 clears them and pages by 10', async () => {
    rows = []
    const user = setup('/client/index?page=4&limit=500')
    expect(await screen.findByText('暂无数据')).toBeTruthy()
    await user.click(screen.getByRole('combobox', { name: '品牌' }))
    await user.keyboard('蒙')
    await user.click(await screen.findByRole('option', { name: '蒙牛' }))
    await waitFor(() => expect(screen.getByRole('option', { name: 'CCTV-1 综合' })).toBeTruthy())
    await user.selectOptions(screen.getByLabelText('媒体'), 'CCTV-1 综合')
    // The categories 汇总 offers, 初始数据 included (one list, config/customer-data).
    expect([...(screen.getByLabelText('数据类别') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['全部数据类别', '初始数据', '客户数据', '公司数据', '其他'])
    await user.selectOptions(screen.getByLabelText('数据类别'), '公司数据')
    await user.selectOptions(screen.getByLabelText('数据来源'), '快数据')
    await user.selectOptions(screen.getByLabelText('数据归属'), '媒体')
    await user.type(screen.getByLabelText('标题'), ' 春节 ')
    await user.type(screen.getByLabelText('开始日期'), '2026-03-01')
    await user.type(screen.getByLabelText('结束日期'), '2026-03-31')
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(query().title).toBe('春节'))
    expect(query()).toEqual({
      limit: '500', brandId: '5', mediaId: '1', category: '3', source: '2', belongingTo: '2', title: '春节', addTime: '2026-03-01', endTime: '2026-03-31',
    })
    await waitFor(() => expect(Object.fromEntries(asked('customerIndex').at(-1)!.params)).toEqual({ page: '1', ...query() }))

    await user.click(screen.getByRole('button', { name: '重置' }))
    await waitFor(() => expect(query()).toEqual({ limit: '10' }))
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('')
    expect((screen.getByRole('combobox', { name: '品牌' }) as HTMLInputElement).value).toBe('')
  })

  it('批量删除 waits for a choice; cancelling says so, confirming deletes the chosen ids', async () => {
    rows = [row(1), row(2), row(3)]
    const user = setup()
    const remove = screen.getByRole('button', { name: '批量删除' })
    await screen.findByText('广告3')
    expect(remove).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('checkbox', { name: '选择本页全部数据' }))
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4)
    await user.click(screen.getByRole('checkbox', { name: '选择 广告2 2026-03-01 19:31:05' }))
    const all = screen.getByRole('checkbox', { name: '选择本页全部数据' }) as HTMLInputElement
    expect([all.checked, all.indeterminate]).toEqual([false, true])
    expect(screen.getByText('已选 2 条')).toBeTruthy()

    await user.click(remove)
    let box = await screen.findByRole('alertdialog', { name: '提示' })
    expect(box.textContent).toContain('此操作将永久删除选中的 2 条数据, 是否继续?')
    await user.click(within(box).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(getToast()?.message).toBe('已取消删除'))
    expect(asked('customerDel')).toHaveLength(0)

    await user.click(remove)
    box = await screen.findByRole('alertdialog', { name: '提示' })
    rows = [row(2)]
    await user.click(within(box).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(getToast()?.message).toBe('删除成功'))
    expect(asked('customerDel')[0].body).toEqual({ ids: '1,3' })
    await waitFor(() => expect(screen.queryByText('广告3')).toBeNull())
    expect(remove).toHaveProperty('disabled', true)
  })

  it('导入 uploads through the dialog in data mode; the list refreshes when that job ends', async () => {
    rows = []
    const user = setup()
    await user.click(screen.getByRole('button', { name: '导入' }))
    const dialog = await screen.findByRole('dialog', { name: '上传文件' })
    await user.selectOptions(within(dialog).getByLabelText('数据类别'), '客户数据')
    await user.selectOptions(within(dialog).getByLabelText('数据来源'), '实际播出')
    expect((within(dialog).getByLabelText('数据归属') as HTMLSelectElement).value).toBe('1')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(dialog).getByLabelText('选择要上传的文件'), new File([new Uint8Array(3)], '客户数据.xlsx'))
    await user.click(within(dialog).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())

    const before = asked('customerIndex').length
    rows = [row(1)]
    const push = live.timeline
    push({ status: 1, jobId: 9, level: 'success', data: '50%' })
    push({ status: 2, jobId: 8, level: 'success', data: '处理结束' })
    expect(asked('customerIndex')).toHaveLength(before)
    expect(screen.getByRole('status', { name: '正在导入… 客户数据.xlsx' })).toBeTruthy()
    push({ status: 2, jobId: 9, level: 'success', data: '已导入 1 行客户数据，用时 0.1 秒' })
    expect(await screen.findByText('广告1')).toBeTruthy()
    expect(asked('customerIndex')).toHaveLength(before + 1)
    expect(screen.getByRole('status', { name: '导入完成 客户数据.xlsx' }).textContent).toContain('已导入 1 行客户数据')
  })

  it('a refused import shows its count and every problem listed until dismissed', async () => {
    rows = []
    const user = setup()
    await user.click(screen.getByRole('button', { name: '导入' }))
    const dialog = await screen.findByRole('dialog', { name: '上传文件' })
    await user.selectOptions(within(dialog).getByLabelText('数据类别'), '客户数据')
    await user.selectOptions(within(dialog).getByLabelText('数据来源'), '实际播出')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(dialog).getByLabelText('选择要上传的文件'), new File([new Uint8Array(3)], '三月.xlsx'))
    await user.click(within(dialog).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())

    const head = '未导入任何数据：2 行有错误（共 3 处）'
    const problems = [
      '「Sheet1」第 3 行「频道」“某台”：未知的频道，请先在系统设置中添加该媒体',
      '「Sheet1」第 4 行「日期」“2026-02-30”：无法识别的日期（支持 2026-03-01、2026/3/1、20260301 或 Excel 日期）',
      '「Sheet1」第 4 行「受众/城市组」“不存在的组”：未知的受众/城市组，请先在系统设置中添加',
    ]
    live.timeline({ status: 2, jobId: 9, level: 'error', data: [head, ...problems].join('\n') })
    const refused = await screen.findByRole('alert', { name: '导入失败 三月.xlsx' })
    expect(within(refused).getByText(head)).toBeTruthy()
    expect(within(within(refused).getByRole('list', { name: head })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(problems)
    await user.click(within(refused).getByRole('button', { name: '关闭「三月.xlsx」的导入结果' }))
    expect(screen.queryByRole('alert', { name: '导入失败 三月.xlsx' })).toBeNull()
  })
})
