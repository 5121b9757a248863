import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createRealtime, type SocketLike } from '@/lib/realtime'
import { RealtimeProvider } from '@/lib/realtime-provider'
import { useJobEnds } from './use-job-ends'

function setup() {
  let socket!: SocketLike
  const channel = createRealtime({
    url: () => 'ws://test',
    clientId: () => 'c',
    open: () => (socket = { send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }),
  })
  channel.start()
  const onEnd = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => <RealtimeProvider channel={channel}>{children}</RealtimeProvider>
  const { result } = renderHook(() => useJobEnds(onEnd), { wrapper })
  const push = (m: object) => act(() => socket.onmessage?.({ data: JSON.stringify({ event: 'timeline', ...m }) }))
  return { track: result.current, onEnd, push, stop: () => channel.stop() }
}

describe('useJobEnds', () => {
  it('reports the end of a tracked job once, and ignores progress and other jobs', () => {
    const { track, onEnd, push, stop } = setup()
    act(() => track([7, null]))
    push({ status: 0, jobId: 7 })
    push({ status: 1, jobId: 7, num: 50 })
    push({ status: 2, jobId: 8 })
    expect(onEnd).not.toHaveBeenCalled()
    push({ status: 2, jobId: 7, level: 'error', data: '未导入任何数据：2 行有错误（共 2 处）' })
    push({ status: 2, jobId: 7 })
    expect(onEnd.mock.calls).toEqual([[7, expect.objectContaining({ level: 'error', data: '未导入任何数据：2 行有错误（共 2 处）' })]])
    stop()
  })

  it('reports a job that ended before the upload answered with its id', () => {
    const { track, onEnd, push, stop } = setup()
    push({ status: 2, jobId: 9, level: 'success', data: '已导入' })
    expect(onEnd).not.toHaveBeenCalled()
    act(() => track([9]))
    expect(onEnd.mock.calls).toEqual([[9, expect.objectContaining({ jobId: 9, data: '已导入' })]])
    act(() => track([9]))
    expect(onEnd).toHaveBeenCalledTimes(1)
    stop()
  })
})
