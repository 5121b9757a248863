import { afterEach, describe, expect, it } from 'vitest'
import { dismissNotice, dismissToast, getNotices, getToast, MAX_NOTICES, NOTICE_MS, notify, showToast, toast, TOAST_MS } from './toast-store'

afterEach(() => {
  dismissToast()
  getNotices().forEach((n) => dismissNotice(n.id))
})

// The clock is the Toaster's (toast.test.tsx); the store keeps what is shown and for how long.
describe('toast store', () => {
  it('keeps one toast in the slot: a new one replaces it, an old id no longer closes it', () => {
    showToast({ kind: 'info', message: 'first' }, 0)
    const first = getToast()!.id
    toast.success('second')
    dismissToast(first)
    expect(getToast()).toMatchObject({ message: 'second', durationMs: TOAST_MS })
    dismissToast()
    expect(getToast()).toBeNull()
  })

  it('gives an error no end of its own, in the slot and in the stack', () => {
    toast.error('失败')
    expect(getToast()?.durationMs).toBe(0)
    notify({ kind: 'error', message: 'job failed' })
    notify({ kind: 'info', message: 'job done' })
    expect(getNotices().map((n) => n.durationMs)).toEqual([0, NOTICE_MS])
  })

  it('stacks at most three notifications, the oldest going first, beside the slot', () => {
    const ids = ['a', 'b', 'c', 'd'].map((message) => notify({ kind: 'info', message }))
    toast.error('replaces only the toast')
    expect(MAX_NOTICES).toBe(3)
    expect(getNotices().map((n) => n.message)).toEqual(['b', 'c', 'd'])
    dismissNotice(ids[2])
    expect(getNotices().map((n) => n.message)).toEqual(['b', 'd'])
  })
})
