import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import ProductsPage from './products-page'

const product = {
  id: 8, productName: '纯牛奶', seconds: 15, brand: { brandName: '伊利' }, media: { mediaName: 'CCTV-1' }, ProductDefault: [],
  DefaultAudienceCityGroup: { audienceCityGroupName: '全国4+' }, updateTime: '', createTime: '',
}
const server = fakeApi(
  {
    productIndex: () => ({ data: [product], total: 1 }) as never,
    productDel: () => envelope(null, '删除成功'),
  },
  () => [],
)
signedIn()

describe('ProductsPage deletes', () => {
  it('names the product it deletes', async () => {
    const { user } = renderPage(<ProductsPage />, { url: '/product/index' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除产品「纯牛奶」吗？')
    await waitFor(() => expect(server.asked('productDel')).toHaveLength(1))
  })
})
