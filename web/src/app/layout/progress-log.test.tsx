import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealtime, type LiveMessage, type SocketLike } from '@/lib/realtime'
import { RealtimeProvider } from '@/lib/realtime-provider'
import { clearSession, setSession } from '@/lib/session'
import { initialProgress, progressReducer, useProgressLog, type ProgressState } from './progress-log'
import { ProgressPanel, SETTLE_MS } from './progress-panel'

const feed = (messages: LiveMessage[], from: ProgressState = initialProgress) =>
  messages.reduce((s, message, i) => progressReducer(s, { type: 'message', message, at: i }), from)
const tl = (status: number, level?: string, data?: string) => ({ event: 'timeline', status, level, data }) as LiveMessage

describe('progressReducer', () => {
  it('opens on status 0 and logs start, steps by level and the end', () => {
    const s = feed([tl(0, 'success', '导入 a.xlsx'), tl(1, 'warning', '第 3 行缺少品牌'), tl(1, 'error', '第 4 行日期无效'), tl(2, 'error', '失败')])
    expect(s.open).toBe(true)
    expect(s.entries.map((e) => [e.kind, e.level, e.text])).toEqual([
      ['start', 'success', '导入 a.xlsx'],
      ['step', 'warning', '第 3 行缺少品牌'],
      ['step', 'error', '第 4 行日期无效'],
      ['end', 'error', '失败'],
    ])
    expect(s.received).toBe(4)
    expect(s.closeSoon).toBe(false)
  })

  it('asks to close only after a successful end', () => {
    expect(feed([tl(0), tl(2, 'success')]).closeSoon).toBe(true)
    expect(feed([tl(0), tl(2, 'success'), tl(1, 'success')]).closeSoon).toBe(false)
  })

  it('starts a fresh log when a run starts on a closed panel, and keeps counting', () => {
    const first = progressReducer(feed([tl(0), tl(2, 'success')]), { type: 'close' })
    expect(first.open).toBe(false)
    const second = feed([tl(0, undefined, '新任务')], first)
    expect(second.entries.map((e) => e.text)).toEqual(['新任务'])
    expect(second.received).toBe(3)
    // A run starting while the panel is open adds to it.
    expect(feed([tl(0)], second).entries).toHaveLength(2)
  })

  it('logs a step before any start without opening the panel; ignores unknown statuses', () => {
    const s = feed([tl(1, 'success', 'x'), tl(7)])
    expect(s.open).toBe(false)
    expect(s.entries).toHaveLength(1)
  })
})

describe('ProgressPanel', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('shows the close icon only once no message arrived for a moment; closing notifies the parent', async () => {
    const onClose = vi.fn()
    const s1 = feed([tl(0, 'success', '开始导入')])
    const { rerender } = render(<ProgressPanel entries={s1.entries} received={s1.received} onClose={onClose} />)
    expect(screen.getByRole('log').textContent).toContain('开始处理')
    expect(screen.queryByRole('button', { name: '关闭处理进度' })).toBeNull()
    act(() => void vi.advanceTimersByTime(SETTLE_MS / 2))
    const s2 = feed([tl(1, 'warning', '第 2 行跳过')], s1)
    rerender(<ProgressPanel entries={s2.entries} received={s2.received} onClose={onClose} />)
    act(() => void vi.advanceTimersByTime(SETTLE_MS / 2 + 10))
    expect(screen.queryByRole('button', { name: '关闭处理进度' })).toBeNull()
    act(() => void vi.advanceTimersByTime(SETTLE_MS))
    expect(screen.getByRole('log').textContent).toContain('处理中（警告）第 2 行跳过')
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: '关闭处理进度' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})

describe('useProgressLog', () => {
  let socket: SocketLike
  const channel = createRealtime({
    url: () => 'ws://test',
    clientId: () => 'c',
    open: () => (socket = { send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }),
  })
  function Host() {
    const p = useProgressLog()
    return p.open ? <ProgressPanel entries={p.entries} received={p.received} onClose={p.close} /> : null
  }
  const push = (m: LiveMessage) => act(() => socket.onmessage?.({ data: JSON.stringify(m) }))

  beforeEach(() => {
    vi.useFakeTimers()
    setSession({ token: 'tok', id: 1, name: 'a', ruleId: '*' })
  })
  afterEach(() => {
    clearSession()
    vi.useRealTimers()
  })

  it('closes the panel 1 s after a successful end, but not after a failed one', () => {
    render(
      <RealtimeProvider channel={channel}>
        <Host />
      </RealtimeProvider>,
    )
    push(tl(0))
    expect(screen.getByTestId('progress-panel')).toBeTruthy()
    push(tl(2, 'success', '完成'))
    expect(screen.getByRole('log').textContent).toContain('处理结束完成')
    act(() => void vi.advanceTimersByTime(999))
    expect(screen.queryByTestId('progress-panel')).not.toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByTestId('progress-panel')).toBeNull()

    push(tl(0))
    push(tl(2, 'error', '失败'))
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.getByRole('log').textContent).toContain('处理结束失败')
  })
})
