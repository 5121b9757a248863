export type ToastKind = 'error' | 'success' | 'info' | 'warning'
/** `durationMs` 0: stays until closed (or, in the single slot, replaced). */
export type Toast = { id: number; kind: ToastKind; title?: string; message: string; durationMs: number }

/** How long a toast of the single slot stays (spec: 3 s); an error stays until closed. */
export const TOAST_MS = 3000
/** How long a notification stays: long enough to read a job's summary; an error stays until closed. */
export const NOTICE_MS = 4500
/** Notifications shown at once: a fourth pushes the oldest out (the bell keeps every message). */
export const MAX_NOTICES = 3

/** An error waits for the user; anything else leaves after `ms`. */
const lifetime = (kind: ToastKind, ms: number) => (kind === 'error' ? 0 : ms)

// A single slot: a new toast replaces the visible one, so errors never pile up (one at a time).
let current: Toast | null = null
let seq = 0
// Notifications (the pushed user messages) stack beside it, at most MAX_NOTICES.
let notices: Toast[] = []
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

/**
 * Shows `toast` in the single slot for `durationMs` (0: until closed or replaced). The Toaster
 * runs the time, and holds it while the pointer or the focus is on the toast.
 */
export function showToast(toast: Omit<Toast, 'id' | 'durationMs'>, durationMs: number) {
  current = { ...toast, id: ++seq, durationMs }
  emit()
}

/** Closes the slot's toast; with an `id`, only if that toast is still the one shown. */
export function dismissToast(id?: number) {
  if (current === null || (id !== undefined && current.id !== id)) return
  current = null
  emit()
}

/**
 * Adds a notification to the stack: it leaves after `durationMs` (default NOTICE_MS; an error
 * by default stays until closed); beyond MAX_NOTICES the oldest goes.
 */
export function notify(notice: Omit<Toast, 'id' | 'durationMs'>, durationMs = lifetime(notice.kind, NOTICE_MS)) {
  const id = ++seq
  notices = [...notices, { ...notice, id, durationMs }].slice(-MAX_NOTICES)
  emit()
  return id
}

export function dismissNotice(id: number) {
  if (!notices.some((n) => n.id === id)) return
  notices = notices.filter((n) => n.id !== id)
  emit()
}

export const toast = {
  error: (message: string, title?: string) => showToast({ kind: 'error', message, title }, lifetime('error', TOAST_MS)),
  success: (message: string) => showToast({ kind: 'success', message }, TOAST_MS),
  info: (message: string) => showToast({ kind: 'info', message }, TOAST_MS),
  warning: (message: string) => showToast({ kind: 'warning', message }, TOAST_MS),
}

export const getToast = () => current
export const getNotices = () => notices

export function subscribeToast(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
