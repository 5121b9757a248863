import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { dismissNotice, dismissToast, getNotices } from '@/components/ui/toast-store'
import { createRealtime, type SocketLike } from '@/lib/realtime'
import { RealtimeProvider } from '@/lib/realtime-provider'
import { clearSession, setSession } from '@/lib/session'
import { MessageBell } from './message-bell'

type Msg = { id: number; content: string; createTime: string; status: '1' | '2' }
let messages: Msg[]
const posted: unknown[] = []
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://test')
  let data: unknown = null
  if (url.pathname.endsWith('/messageIndel')) {
    data = { data: messages, total: messages.length, unread: messages.filter((m) => m.status === '1').length }
  } else if (url.pathname.endsWith('/messageUp')) {
    const body = JSON.parse(String(init?.body))
    posted.push(body)
    messages = messages.map((m) => (body.all === '1' || m.id === body.id ? { ...m, status: '2' } : m))
  }
  return new Response(JSON.stringify({ code: 200, message: '操作成功', data }))
})

let socket: SocketLike
const channel = createRealtime({
  url: () => 'ws://test',
  clientId: () => 'c',
  open: () => (socket = { send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }),
})

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RealtimeProvider channel={channel}>
        <MessageBell />
        <Toaster />
      </RealtimeProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  setSession({ token: 'tok', id: 1, name: '超级管理员', ruleId: '*' })
  posted.length = 0
})
afterEach(() => {
  vi.unstubAllGlobals()
  clearSession()
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

  it('a pushed user message shows a lasting notification and raises the badge', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    messages = []
    setup()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    messages = [{ id: 3, content: '客户数据导入完成', createTime: '2026-11-21 10:00:00', status: '1' }]
    act(() => socket.onmessage?.({ data: JSON.stringify({ event: 'user', data: '客户数据导入完成', num: 1, messageId: 3 }) }))
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('1')
    await act(async () => void vi.advanceTimersByTime(60_000))
    expect(screen.getByRole('region', { name: '通知' }).textContent).toContain('客户数据导入完成')
    vi.useRealTimers()
  })
})
