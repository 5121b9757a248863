import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import TapesPage from './tapes-page'

const tape = {
  id: 2, createTime: '', updateTime: '', brand: { brandName: '伊利' }, media: { mediaName: 'CCTV-1' }, product: { productName: '纯牛奶' },
  cycle: '2026-03', customerVersionName: 'A版', mediaFileName: '纯牛奶A版15秒', mediaTapeNumber: 'T-001', customerTitle: '纯牛奶', seconds: 15,
}
const server = fakeApi(
  { productMagneticTapeIndex: () => ({ data: [tape], total: 1 }) as never, productMagneticTapeDel: () => envelope(null, '删除成功') },
  () => [],
)
signedIn()

describe('TapesPage deletes', () => {
  it('names the tape it deletes by its media file name', async () => {
    const { user } = renderPage(<TapesPage />, { url: '/productMagneticTape/index' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除磁带「纯牛奶A版15秒」吗？')
    await waitFor(() => expect(server.asked('productMagneticTapeDel')).toHaveLength(1))
  })
})
