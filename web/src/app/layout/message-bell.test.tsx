import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { dismissNotice, dismissToast, getNotices } from '@/components/ui/toast-store'
import { fakeApi, signedIn } from '@/testing/fake-api'
import { fakeRealtime, renderPage } from '@/testing/render-page'
import { MessageBell } from './message-bell'

type Msg = { id: number; content: string; createTime: string; status: '1' | '2' }
let messages: Msg[]
const posted: unknown[] = []
const server = fakeApi({
  messageIndel: () => ({ data: messages, total: messages.length, unread: messages.filter((m) => m.status === '1').length }),
  messageUp: ({ body }) => {
    const change = body as { id?: number; all?: string }
    posted.push(change)
    messages = messages.map((m) => (change.all === '1' || m.id === change.id ? { ...m, status: '2' } : m))
    return null
  },
})
const fetchMock = server.fetch
const live = fakeRealtime()
signedIn()

function setup() {
  return renderPage(
    <>
      <MessageBell />
      <Toaster />
    </>,
    { realtime: live.channel },
  ).user
}

afterEach(() => {
  posted.length = 0
  dismissToast()
  getNotices().forEach((n) => dismissNotice(n.id))
})

const bell = () => screen.getByRole('button', { name: /^消息通知/ })

describe('MessageBell', () => {
  it('says 暂无消息 without messages and offers no 全部已读', async () => {
    messages = []
    const user = setup()
    await user.click(bell())
    expect(await screen.findByText('暂无消息')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull()
    expect(screen.queryByTestId('unread-badge')).toBeNull()
  })

  it('shows the unread badge, marks one read, then all; 全部已读 goes with the last unread', async () => {
    messages = [
      { id: 2, content: '文件处理完成', createTime: '2026-11-21 10:00:00', status: '1' },
      { id: 1, content: '导入失败', createTime: '2026-11-20 10:00:00', status: '1' },
    ]
    const user = setup()
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('2')
    // The name comes from hidden text in the button (axe label-content-name-mismatch).
    expect(screen.getByRole('button', { name: '消息通知（2 条未读）' })).toBe(bell())
    await user.click(bell())
    await user.click(await screen.findByRole('button', { name: '将“导入失败”标为已读' }))
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('1'))
    expect(posted).toEqual([{ id: 1 }])
    await user.click(screen.getByRole('button', { name: '全部已读' }))
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull())
    expect(posted).toEqual([{ id: 1 }, { all: '1' }])
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull()
    expect(screen.getAllByText('已读')).toHaveLength(2)
  })

  it('a pushed user message raises the badge; its notification leaves by itself unless it reports a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    messages = []
    setup()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    messages = [
      { id: 4, content: '「客户数据.xlsx」处理失败：缺少标题列', createTime: '2026-11-21 10:01:00', status: '1' },
      { id: 3, content: '客户数据导入完成', createTime: '2026-11-21 10:00:00', status: '1' },
    ]
    live.send({ event: 'user', data: '客户数据导入完成', num: 1, level: 'success', messageId: 3 })
    live.send({ event: 'user', data: '「客户数据.xlsx」处理失败：缺少标题列', num: 1, level: 'error', messageId: 4 })
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('2')
    await act(async () => void vi.advanceTimersByTime(60_000))
    const region = screen.getByRole('region', { name: '通知' })
    expect(region.textContent).not.toContain('客户数据导入完成')
    expect(within(region).getByRole('alert').textContent).toContain('处理失败：缺少标题列')
    vi.useRealTimers()
  })
})
