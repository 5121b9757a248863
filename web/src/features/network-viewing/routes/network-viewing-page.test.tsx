import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import NetworkViewingPage from './network-viewing-page'

const record = {
  id: 4, onlineViewingName: '春晚直播', onlineViewingTime: '2026-02-16', viewing: 1.5, media: { mediaName: 'CCTV-1' }, ranking: 1,
  updateTime: '', createTime: '',
}
const server = fakeApi(
  { onlineViewingIndex: () => ({ data: [record], total: 1 }) as never, onlineViewingDel: () => envelope(null, '删除成功!') },
  () => [],
)
signedIn()

describe('NetworkViewingPage deletes', () => {
  it('names the record it deletes by its name and date', async () => {
    const { user } = renderPage(<NetworkViewingPage />, { url: '/networkViewingManagement/index' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除网络收视「春晚直播 2026-02-16」吗？')
    await waitFor(() => expect(server.asked('onlineViewingDel')).toHaveLength(1))
  })
})
