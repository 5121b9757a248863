import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { envelope, fakeApi, signedIn } from '@/testing/fake-api'
import { answerDelete } from '@/testing/answer-delete'
import { renderPage } from '@/testing/render-page'
import MenusPage from './menus-page'

const menu = { id: 200, title: '报表中心', name: '/report', type: 1, weight: 1, status: 1, builtin: false, createTime: '', pid: 0, children_list: [] }
const server = fakeApi(
  { authRuleIndex: () => [menu] as never, authRuleDelete: () => envelope(null, '删除成功') },
  () => [],
)
signedIn()

describe('MenusPage deletes', () => {
  it('names the menu it deletes', async () => {
    const { user } = renderPage(<MenusPage />, { url: '/menu' })
    await user.click(await screen.findByRole('button', { name: '删除' }))
    await answerDelete(user, '确定删除菜单「报表中心」吗？')
    await waitFor(() => expect(server.asked('authRuleDelete')).toHaveLength(1))
  })
})
