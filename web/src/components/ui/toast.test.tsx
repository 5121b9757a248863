import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from './toast'
import { dismissNotice, dismissToast, getNotices, NOTICE_MS, notify, toast, TOAST_MS } from './toast-store'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  act(() => {
    dismissToast()
    getNotices().forEach((n) => dismissNotice(n.id))
  })
  vi.useRealTimers()
})

const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms))
const stack = () => screen.queryByRole('region', { name: '通知' })
const shown = () => [...stack()!.querySelectorAll('.toast__message')].map((n) => n.textContent)

describe('Toaster', () => {
  it('lets a notification leave by itself after 4.5 s', () => {
    render(<Toaster />)
    act(() => void notify({ kind: 'info', title: '新消息', message: '「客户数据.xlsx」处理完成' }))
    wait(NOTICE_MS - 1)
    expect(shown()).toEqual(['「客户数据.xlsx」处理完成'])
    wait(1)
    expect(stack()).toBeNull()
  })

  it('keeps an error notification until its close button is pressed', () => {
    render(<Toaster />)
    act(() => void notify({ kind: 'error', title: '新消息', message: '「客户数据.xlsx」处理失败：第 2 行缺少标题' }))
    act(() => void notify({ kind: 'info', message: '处理完成' }))
    wait(10 * 60_000)
    expect(shown()).toEqual(['「客户数据.xlsx」处理失败：第 2 行缺少标题'])
    expect(within(stack()!).getByRole('alert')).toBeTruthy()
    fireEvent.click(within(stack()!).getByRole('button', { name: '关闭' }))
    expect(stack()).toBeNull()
  })

  it('shows at most three notifications, the newest', () => {
    render(<Toaster />)
    act(() => {
      for (const m of ['一', '二', '三', '四', '五']) notify({ kind: 'error', message: m })
    })
    expect(shown()).toEqual(['三', '四', '五'])
  })

  it('holds the clock while the pointer moves over a notification and restarts it on leaving', () => {
    render(<Toaster />)
    act(() => void notify({ kind: 'success', message: '读着呢' }))
    const item = stack()!.querySelector('.notice')!
    wait(NOTICE_MS - 500)
    fireEvent.pointerMove(item)
    wait(NOTICE_MS * 2)
    expect(shown()).toEqual(['读着呢'])
    fireEvent.pointerLeave(item)
    wait(NOTICE_MS - 1)
    expect(shown()).toEqual(['读着呢'])
    wait(1)
    expect(stack()).toBeNull()
  })

  it('does not restart an older notification when a newer one comes', () => {
    render(<Toaster />)
    act(() => void notify({ kind: 'info', message: 'old' }))
    wait(NOTICE_MS - 1000)
    act(() => void notify({ kind: 'info', message: 'new' }))
    wait(1000)
    expect(shown()).toEqual(['new'])
  })

  it('lets the slot toast leave after 3 s; an error there stays until closed or replaced', () => {
    render(<Toaster />)
    act(() => toast.success('保存成功'))
    wait(TOAST_MS - 1)
    expect(screen.getByRole('status').textContent).toContain('保存成功')
    wait(1)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => toast.error('账号或密码错误'))
    wait(10 * 60_000)
    expect(screen.getByRole('alert').textContent).toContain('账号或密码错误')
    act(() => toast.info('已取消'))
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
