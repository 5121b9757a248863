import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { renderPage } from '@/testing/render-page'
import SystemPage from './system-page'

const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length }) as never
const server = fakeApi({
  mediaIndex: () => page([{ id: 1, mediaName: 'CCTV-1 综合', createTime: '2026-01-01 10:00:00' }]),
  brandIndex: () => page([{ id: 4, brandName: '伊利', createTime: '2026-01-01 10:00:00' }]),
  defaultAudienceCityGroupIndex: () => page([{ id: 7, audienceCityGroupName: '全国4+', brand: { brandName: '伊利' }, createTime: '2026-01-01 10:00:00' }]),
  mediaDelete: () => envelope(null, '删除成功!'),
  brandDelete: () => envelope(null, '删除成功!'),
  defaultAudienceCityGroupDelete: () => envelope(null, '删除成功!'),
})
signedIn()

describe('SystemPage deletes', () => {
  it.each([
    ['media', '确定删除媒体「CCTV-1 综合」吗？', 'mediaDelete'],
    ['brand', '确定删除品牌「伊利」吗？', 'brandDelete'],
    ['audience', '确定删除受众/城市组「全国4+」吗？', 'defaultAudienceCityGroupDelete'],
  ] as const)('the %s tab names the row it deletes', async (tab, question, call) => {
    const { user } = renderPage(<SystemPage />, { url: `/system/systemIndex?tab=${tab}` })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    const ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain(question)
    await user.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(server.asked(call)).toHaveLength(1))
  })
})
