import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import SuitsPage from './suits-page'

const suit = {
  id: 6, suitName: '春节套装', media: { mediaName: 'CCTV-1' }, brand: { brandName: '伊利' }, customerMetrics: 10, mediaMetrics: 9,
  seconds: 15, suitTime: '2026-02', numberOfTimes: 3, updateTime: '', createTime: '', suit_time_period: [],
}
const server = fakeApi(
  { suitIndex: () => ({ data: [suit], total: 1 }) as never, suitDel: () => envelope(null, '删除成功') },
  () => [],
)
signedIn()

describe('SuitsPage deletes', () => {
  it('names the suit it deletes', async () => {
    const { user } = renderPage(<SuitsPage />, { url: '/suit/index' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除套装「春节套装」吗？')
    await waitFor(() => expect(server.asked('suitDel')).toHaveLength(1))
  })
})
