import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissNotice, dismissToast, getNotices, getToast, notify, showToast } from './toast-store'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  dismissToast()
  getNotices().forEach((n) => dismissNotice(n.id))
  vi.useRealTimers()
})

describe('toast store', () => {
  it('keeps a toast of duration 0 until it is dismissed', () => {
    showToast({ kind: 'info', message: 'stays' }, 0)
    vi.advanceTimersByTime(60_000)
    expect(getToast()?.message).toBe('stays')
    dismissToast()
    expect(getToast()).toBeNull()
  })

  it('stacks notifications beside the single toast and keeps them until closed', () => {
    const a = notify({ kind: 'info', message: 'a' })
    notify({ kind: 'info', message: 'b' })
    showToast({ kind: 'error', message: 'replaces only the toast' }, 5000)
    vi.advanceTimersByTime(60_000)
    expect(getToast()).toBeNull()
    expect(getNotices().map((n) => n.message)).toEqual(['a', 'b'])
    dismissNotice(a)
    expect(getNotices().map((n) => n.message)).toEqual(['b'])
  })

  it('closes a notification with a duration when it runs out', () => {
    notify({ kind: 'success', message: 'brief' }, 1000)
    vi.advanceTimersByTime(1000)
    expect(getNotices()).toEqual([])
  })
})
