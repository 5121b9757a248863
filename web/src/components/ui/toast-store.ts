export type ToastKind = 'error' | 'success' | 'info' | 'warning'
export type Toast = { id: number; kind: ToastKind; title?: string; message: string }

// A single slot: a new toast replaces the visible one, so errors never pile up.
let current: Toast | null = null
let seq = 0
let timer: ReturnType<typeof setTimeout> | undefined
// Notifications (the pushed user messages) stack beside it and stay until closed by default.
let notices: Toast[] = []
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

/** Shows `toast` in the single slot; a duration of 0 keeps it until closed or replaced. */
export function showToast(toast: Omit<Toast, 'id'>, durationMs: number) {
  clearTimeout(timer)
  current = { ...toast, id: ++seq }
  timer = durationMs > 0 ? setTimeout(dismissToast, durationMs) : undefined
  emit()
}

export function dismissToast() {
  clearTimeout(timer)
  if (current === null) return
  current = null
  emit()
}

/** Adds a notification to the stack; duration 0 (the spec's default for messages) keeps it until closed. */
export function notify(notice: Omit<Toast, 'id'>, durationMs = 0) {
  const id = ++seq
  notices = [...notices, { ...notice, id }]
  if (durationMs > 0) setTimeout(() => dismissNotice(id), durationMs)
  emit()
  return id
}

export function dismissNotice(id: number) {
  if (!notices.some((n) => n.id === id)) return
  notices = notices.filter((n) => n.id !== id)
  emit()
}

export const toast = {
  error: (message: string, title?: string) => showToast({ kind: 'error', message, title }, 5000),
  success: (message: string) => showToast({ kind: 'success', message }, 3000),
  info: (message: string) => showToast({ kind: 'info', message }, 3000),
  warning: (message: string) => showToast({ kind: 'warning', message }, 3000),
}

export const getToast = () => current
export const getNotices = () => notices

export function subscribeToast(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
