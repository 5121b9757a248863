import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast } from '@/components/ui/toast-store'
import { ApiError } from '@/lib/api-client'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import type { Schema } from '@/types/call'
import type { ImportColumn } from './get-import-columns'
import type { UploadArgs } from './upload-file'
import { UploadDialog } from './upload-dialog'

// The upload call: resolves once `release` is called, after reporting half-way progress.
let release: () => void = () => {}
const mutateAsync = vi.fn(
  (args: UploadArgs) =>
    new Promise((resolve) => {
      args.onProgress(0.5)
      release = () => resolve({ file: { id: 1, fileName: args.file.name }, jobId: 9 })
    }),
)
vi.mock('./upload-file', () => ({ useUploadFile: () => ({ mutateAsync, isPending: false }) }))
const download = vi.fn()
vi.mock('@/lib/download', () => ({ download: (url: string) => download(url) }))

// The customer-data columns as importColumns answers them (the reader's table).
const CUSTOMER_COLUMNS: ImportColumn[] = [
  { label: '日期', need: 'required', aliases: ['date', '播出日期', 'air_date'] },
  { label: '频道', need: 'required', aliases: ['channel'] },
  { label: '播出时间', need: 'required', aliases: ['air_time'] },
  { label: '时长', need: 'required', aliases: [] },
  { label: '标题', need: 'required', aliases: [] },
  { label: '节目', need: 'optional', aliases: [] },
  { label: '时段归纳', need: 'optional', aliases: [] },
  { label: '受众/城市组', need: 'unlessChosen', aliases: ['受众', 'audience_group'] },
  { label: '毛评点', need: 'required', aliases: ['grp'] },
  { label: '位置', need: 'optional', aliases: [] },
]
const SCHEDULE_COLUMNS: ImportColumn[] = [
  { label: '月份', need: 'unlessSheetMonth', aliases: ['month'] },
  { label: '版本', need: 'required', aliases: [] },
  { label: '时段', need: 'required', aliases: [] },
  { label: '1 … 31', need: 'optional', aliases: ['01 … 31'] },
]
const server = fakeApi({
  importColumns: (sent) => (sent.params.get('tags') === 'orderTemplate' ? SCHEDULE_COLUMNS : CUSTOMER_COLUMNS),
  importTemplateExport: () => ({ url: '/files/exports/abc/客户数据导入模板.xlsx' }),
  // 全国4+ is a group of two brands: offered once.
  defaultAudienceCityGroupList: () =>
    [[1, '全国4+', 1], [2, '全国4+', 2], [3, '一线城市', 1]].map(([id, name, brandId]) => ({
      id: Number(id), audienceCityGroupName: String(name), brandId: Number(brandId), brand: null, createTime: '', updateTime: '',
    })),
})
signedIn()

afterEach(() => {
  mutateAsync.mockClear()
  download.mockClear()
  dismissToast()
})

const xlsx = (name = '客户数据.xlsx', size = 3) => new File([new Uint8Array(size)], name, { lastModified: 1 })

function setup(mode?: 'data', tags: Schema<'FileTag'> = 'customerData', tagValue: Record<string, unknown> = { extra: 'x' }) {
  const onClose = vi.fn()
  const onSuccess = vi.fn()
  renderPage(<UploadDialog open tags={tags} tagValue={tagValue} mode={mode} onClose={onClose} onSuccess={onSuccess} />)
  const user = userEvent.setup({ applyAccept: false })
  const picker = () => screen.getByLabelText('选择要上传的文件') as HTMLInputElement
  const start = () => screen.getByRole('button', { name: '开始上传' })
  return { user, onClose, onSuccess, picker, start }
}

describe('UploadDialog', () => {
  it('takes files only after initialising, and refuses other types and the same file twice', async () => {
    const { user, picker } = setup()
    expect(screen.getByRole('dialog', { name: '上传文件' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', true)
    await waitFor(() => expect(screen.getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(picker(), new File(['x'], 'notes.txt'))
    expect(screen.getByRole('alert').textContent).toBe('只能上传 xls、xlsx 格式的文件')
    await user.upload(picker(), xlsx())
    expect(screen.queryByRole('alert')).toBeNull()
    await user.upload(picker(), xlsx())
    expect(screen.getByRole('alert').textContent).toBe('该文件已在上传列表中')
    expect(within(screen.getByRole('list', { name: '待上传文件' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('in data mode requires category, source and a file', async () => {
    const { user, start } = setup('data')
    await user.click(start())
    expect(await screen.findByText('请选择文件')).toBeTruthy()
    const messageOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent
    expect(messageOf('数据类别')).toBe('请选择数据类别')
    expect(messageOf('数据来源')).toBe('请选择数据来源')
    expect((screen.getByLabelText('数据归属') as HTMLSelectElement).value).toBe('1')
    expect([...(screen.getByLabelText('数据类别') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '请选择数据类别', '客户数据', '公司数据', '其他',
    ])
    expect(mutateAsync).not.toHaveBeenCalled()
  })

  it('uploads once however often 开始上传 is pressed, then closes and reports success', async () => {
    const { user, picker, start, onClose, onSuccess } = setup('data')
    await user.selectOptions(screen.getByLabelText('数据类别'), '客户数据')
    await user.selectOptions(screen.getByLabelText('数据来源'), '实际播出')
    await user.type(screen.getByLabelText('文件描述'), ' 十一月 ')
    await waitFor(() => expect(screen.getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(picker(), xlsx())
    await user.dblClick(start())
    await user.click(start())
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1))
    expect(mutateAsync.mock.calls[0][0].target).toEqual({
      tags: 'customerData',
      originalFileName: '客户数据.xlsx',
      description: '十一月',
      tagValue: { extra: 'x', category: 2, source: 3, belongingTo: 1 },
    })
    expect(screen.getByRole('progressbar', { name: '客户数据.xlsx 上传进度' }).getAttribute('aria-valuenow')).toBe('50')
    expect(screen.getByText('上传中 50%')).toBeTruthy()
    release()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSuccess).toHaveBeenCalledWith([{ file: { id: 1, fileName: '客户数据.xlsx' }, jobId: 9 }])
    expect(mutateAsync).toHaveBeenCalledTimes(1)
  })

  it('keeps a failed file with its message and stays open', async () => {
    mutateAsync.mockImplementationOnce(async () => {
      throw new Error('该文件已上传过，请勿重复上传')
    })
    const { user, picker, start, onClose } = setup()
    await waitFor(() => expect(screen.getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(picker(), xlsx('a.xls'))
    await user.click(start())
    expect((await screen.findByRole('alert')).textContent).toBe('该文件已上传过，请勿重复上传')
    expect(onClose).not.toHaveBeenCalled()
    expect(mutateAsync.mock.calls[0][0].target.tagValue).toEqual({ extra: 'x' })
  })

  it('names the required and optional columns, their other names, and downloads the template', async () => {
    const { user } = setup('data')
    const help = await screen.findByRole('region', { name: '表头说明' })
    await waitFor(() => expect(within(help).getByText('必填列').nextElementSibling?.textContent).toBe('日期、频道、播出时间、时长、标题、受众/城市组、毛评点'))
    expect(within(help).getByText('选填列').nextElementSibling?.textContent).toBe('节目、时段归纳、位置')
    expect(within(help).getByText('受众/城市组：在上方选择受众/城市组后可以不填')).toBeTruthy()
    await user.click(within(help).getByText('列名也可写作'))
    expect(within(help).getByText('日期').parentElement?.textContent).toBe('日期：date、播出日期、air_date')
    await user.click(within(help).getByRole('button', { name: '下载模板' }))
    await waitFor(() => expect(download).toHaveBeenCalledWith('/files/exports/abc/客户数据导入模板.xlsx'))
    expect(Object.fromEntries(server.asked('importTemplateExport')[0].params)).toMatchObject({ tags: 'customerData' })
  })

  it("an order's import downloads the order's template; a month-named sheet may leave 月份 out", async () => {
    const { user } = setup(undefined, 'orderTemplate', { orderId: 12 })
    const help = await screen.findByRole('region', { name: '表头说明' })
    await waitFor(() => expect(within(help).getByText('必填列').nextElementSibling?.textContent).toBe('月份、版本、时段'))
    expect(within(help).getByText('月份：工作表以月份命名（如 2026-03）时可以不填')).toBeTruthy()
    expect(screen.queryByLabelText('受众/城市组')).toBeNull()
    await user.click(within(help).getByRole('button', { name: '下载模板' }))
    await waitFor(() => expect(download).toHaveBeenCalled())
    expect(Object.fromEntries(server.asked('importTemplateExport')[0].params)).toMatchObject({ tags: 'orderTemplate', orderId: '12' })
  })

  it('customer data takes the audience group of rows without one, each name once, and shows its refusal', async () => {
    mutateAsync.mockImplementationOnce(async () => {
      throw new ApiError(4000, '参数错误', { fields: { audienceCityGroupName: ['未知的受众/城市组，请重新选择'] } }, 200)
    })
    const { user, picker, start } = setup('data')
    const group = screen.getByLabelText('受众/城市组') as HTMLSelectElement
    await waitFor(() => expect([...group.options].map((o) => o.text)).toEqual(['不指定（按文件中的列）', '全国4+', '一线城市']))
    expect(group.value).toBe('')
    await user.selectOptions(group, '全国4+')
    // Chosen: a file may leave the column out.
    const help = screen.getByRole('region', { name: '表头说明' })
    expect(within(help).getByText('选填列').nextElementSibling?.textContent).toBe('节目、时段归纳、受众/城市组、位置')
    expect(within(help).queryByText(/在上方选择受众/)).toBeNull()
    await user.selectOptions(screen.getByLabelText('数据类别'), '客户数据')
    await user.selectOptions(screen.getByLabelText('数据来源'), '实际播出')
    await waitFor(() => expect(screen.getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(picker(), xlsx())
    await user.click(start())
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1))
    expect(mutateAsync.mock.calls[0][0].target.tagValue).toEqual({ extra: 'x', category: 2, source: 3, belongingTo: 1, audienceCityGroupName: '全国4+' })
    const message = await waitFor(() => document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent)
    expect(message).toBe('未知的受众/城市组，请重新选择')
  })

  it('正负三 asks no audience group: the order names it', async () => {
    setup('data', 'alreadyUpsideDownThree', { orderId: 3 })
    await screen.findByRole('region', { name: '表头说明' })
    expect(screen.getByLabelText('数据类别')).toBeTruthy()
    expect(screen.queryByLabelText('受众/城市组')).toBeNull()
    expect(screen.queryByLabelText('数据归属')).toBeTruthy()
  })
})
