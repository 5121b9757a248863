import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { getToast } from '@/components/ui/toast-store'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { spyDownloads, TICKET } from '@/testing/downloads'
import { renderPage } from '@/testing/render-page'
import { SummaryExports } from './summary-exports'

const downloads = spyDownloads()

let failing = false
const api = fakeApi({
  orderBroadcastingCertificateExport: () => ({ url: '/background/v1/files/c.xlsx' }),
  orderSummaryGrpIndexExport: () => (failing ? envelope(null, '导出失败', 5000) : { url: '/background/v1/files/result.xlsx' }),
  orderSummaryGrpReportIndexExport: () => ({ url: '/background/v1/files/report.xlsx' }),
  ticket: TICKET,
})
signedIn()

beforeEach(() => {
  failing = false
})

const show = () => renderPage(<SummaryExports orderId={7} filter={{ belongingTo: '2', category: '3', source: '' }} />)

describe("the summary's exports", () => {
  it('asks for 评估结果 and 评估报告 of the side and filters shown and downloads each answered file', async () => {
    const { user } = show()
    await user.click(screen.getByRole('button', { name: '评估结果' }))
    await waitFor(() => expect(downloads).toEqual(['/background/v1/files/result.xlsx?token=t']))
    const result = api.sent.find((s) => s.name === 'orderSummaryGrpIndexExport')!
    expect(Object.fromEntries(result.params)).toEqual({ orderId: '7', belongingTo: '2', category: '3' })
    await user.click(screen.getByRole('button', { name: '评估报告' }))
    await waitFor(() => expect(downloads.at(-1)).toBe('/background/v1/files/report.xlsx?token=t'))
    expect(Object.fromEntries(api.sent.find((s) => s.name === 'orderSummaryGrpReportIndexExport')!.params)).toEqual({ orderId: '7', belongingTo: '2', category: '3' })
    await user.click(screen.getByRole('button', { name: '播出证明汇总' }))
    await waitFor(() => expect(downloads.at(-1)).toBe('/background/v1/files/c.xlsx?token=t'))
    expect(downloads).toHaveLength(3)
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
    await waitFor(() => expect(downloads).toEqual(['/r.xlsx?token=t']))

    failing = true
    await user.click(screen.getByRole('button', { name: '评估结果' }))
    await waitFor(() => expect(getToast()?.message).toBe('导出失败'))
    expect(downloads).toEqual(['/r.xlsx?token=t'])
  })
})
