import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import AccountsPage from './accounts-page'

const account = { id: 3, name: '张三', account: 'zhangsan', rule_id: '112', ruleNames: ['订单汇总'], status: '1', loginip: '', createTime: '' }
const server = fakeApi(
  { adminUserIndex: () => ({ data: [account], total: 1 }) as never, adminUserDelete: () => envelope(null, '删除成功') },
  () => [],
)
signedIn()

describe('AccountsPage deletes', () => {
  it('names the account it deletes', async () => {
    const { user } = renderPage(<AccountsPage />, { url: '/admin' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除管理员「张三（zhangsan）」吗？')
    await waitFor(() => expect(server.asked('adminUserDelete')).toHaveLength(1))
  })
})
