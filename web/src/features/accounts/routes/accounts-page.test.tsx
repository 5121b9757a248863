import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
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
    const ask = await screen.findByRole('alertdialog', { name: '提示' })
    expect(ask.textContent).toContain('确定删除管理员「张三（zhangsan）」吗？')
    await user.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(server.asked('adminUserDelete')).toHaveLength(1))
  })
})
