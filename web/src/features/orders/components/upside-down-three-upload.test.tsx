import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import type { Order } from '../api/get-orders'
import { UpsideDownThreeUpload } from './upside-down-three-upload'

// The upload itself is the dialog's business (tested there): here it stores the file and names job 4.
const signed: unknown[] = []
vi.mock('@/components/upload/upload-file', () => ({
  useUploadFile: () => ({
    mutateAsync: async ({ target, file }: { target: unknown; file: File }) => {
      signed.push(target)
      return { file: { id: 1, fileName: file.name }, jobId: 4 }
    },
    isPending: false,
  }),
}))

fakeApi({ orderList: () => ({ data: [], total: 0 }) })
const live = fakeRealtime()
signedIn()

const order = { id: 7, productName: '纯牛奶' } as unknown as Order

/** As the order page holds it: 更多 → 正负三上传 sets the order, closing clears it. */
function Harness() {
  const [shown, setShown] = useState<Order | null>(order)
  return <UpsideDownThreeUpload order={shown} onClose={() => setShown(null)} />
}

describe('正负三上传', () => {
  it('uploads a file tagged alreadyUpsideDownThree with the order, category and source, and shows how its job ended', async () => {
    const { user } = renderPage(<Harness />, { realtime: live.channel })
    const upload = await screen.findByRole('dialog', { name: '上传文件' })
    // Positions are of a category and a source: no ownership to choose.
    expect(within(upload).queryByLabelText('数据归属')).toBeNull()
    await user.selectOptions(within(upload).getByLabelText('数据类别'), '客户数据')
    await user.selectOptions(within(upload).getByLabelText('数据来源'), '实际播出')
    await waitFor(() => expect(within(upload).getByRole('button', { name: '选择文件' })).toHaveProperty('disabled', false))
    await user.upload(within(upload).getByLabelText('选择要上传的文件'), new File([new Uint8Array(3)], '正负三.xlsx'))
    await user.click(within(upload).getByRole('button', { name: '开始上传' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传文件' })).toBeNull())
    expect(signed).toEqual([expect.objectContaining({ tags: 'alreadyUpsideDownThree', tagValue: { orderId: 7, category: 2, source: 3 } })])

    const result = await screen.findByRole('dialog', { name: '正负三上传 #7' })
    expect(within(result).getByTestId('import-result').textContent).toContain('正在导入')
    live.timeline({ status: 2, jobId: 4, level: 'error', data: '未导入任何数据：1 行有错误（共 1 处）\n「Sheet1」第 3 行「位置」“X”：无法识别' })
    const refused = await within(result).findByRole('alert', { name: '导入失败' })
    expect(within(refused).getByRole('list', { name: '未导入任何数据：1 行有错误（共 1 处）' }).textContent).toBe('「Sheet1」第 3 行「位置」“X”：无法识别')
    await user.click(within(result).getAllByRole('button', { name: '关闭' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '正负三上传 #7' })).toBeNull())
  })
})
