import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import { SummaryExports } from './summary-exports'

const download = vi.fn(async (_url: string) => {})
vi.mock('@/lib/download', () => ({ download: (url: string) => download(url) }))

let failing = false
const api = fakeApi({
  orderBroadcastingCertificateExport: () => ({ url: '/background/v1/files/c.xlsx' }),
  orderSummaryGrpIndexExport: () => (failing ? envelope(null, '导出失败', 5000) : { url: '/background/v1/files/result.xlsx' }),
  orderSummaryGrpReportIndexExport: () => ({ url: '/background/v1/files/report.xlsx' }),
})
signedIn()

beforeEach(() => {
  download.mockClear()
  failing = false
})

const show = () => renderPage(<SummaryExports orderId={7} filter={{ belongingTo: '2', category: '3', source: '' }} />)

describe("the summary's exports", () => {
  it('asks for 评估结果 and 评估报告 of the side and filters shown and downloads each answered file', async () => {
    const { user } = show()
    await user.click(screen.getByRole('button', { name: '评估结果' }))
    await waitFor(() => expect(download).toHaveBeenCalledWith('/background/v1/files/result.xlsx'))
    const result = api.sent.find((s) => s.name === 'orderSummaryGrpIndexExport')!
    expect(Object.fromEntries(result.params)).toEqual({ orderId: '7', belongingTo: '2', category: '3' })
    await user.click(screen.getByRole('button', { name: '评估报告' }))
    await waitFor(() => expect(download).toHaveBeenCalledWith('/background/v1/files/report.xlsx'))
    expect(Object.fromEntries(api.sent.find((s) => s.name === 'orderSummaryGrpReportIndexExport')!.params)).toEqual({ orderId: '7', belongingTo: '2', category: '3' })
    await user.click(screen.getByRole('button', { name: '播出证明汇总' }))
    await waitFor(() => expect(download).toHaveBeenCalledWith('/background/v1/files/c.xlsx'))
  })

  it('is busy while the file is written and shows a failure', async () => {
    let answer: (r: Response) => void = () => {}
    api.fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    const { user } = show()
    const button = screen.getByRole('button', { name: '评估报告' })
    await user.click(button)
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'))
    expect((screen.getByRole('button', { name: '评估结果' }) as HTMLButtonElement).disabled).toBe(true)
    answer(new Response(JSON.stringify({ code: 200, message: 'ok', data: { url: '/r.xlsx' } })))
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull())
    expect(download).toHaveBeenCalledWith('/r.xlsx')

    failing = true
    await user.click(screen.getByRole('button', { name: '评估结果' }))
    await waitFor(() => expect(getToast()?.message).toBe('导出失败'))
    expect(download).toHaveBeenCalledTimes(1)
  })
})
