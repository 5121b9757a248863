import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast } from '@/components/ui/toast-store'
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

afterEach(() => {
  mutateAsync.mockClear()
  dismissToast()
})

const xlsx = (name = '客户数据.xlsx', size = 3) => new File([new Uint8Array(size)], name, { lastModified: 1 })

function setup(mode?: 'data') {
  const onClose = vi.fn()
  const onSuccess = vi.fn()
  render(<UploadDialog open tags="customerData" tagValue={{ extra: 'x' }} mode={mode} onClose={onClose} onSuccess={onSuccess} />)
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
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
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
})
