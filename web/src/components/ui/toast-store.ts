export type ToastKind = 'error' | 'success' | 'info' | 'warning'
export type Toast = { id: number; kind: ToastKind; title?: string; message: string }

// A single slot: a new toast replaces the visible one, so errors never pile up.
let current: Toast | null = null
let seq = 0
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

export function showToast(toast: Omit<Toast, 'id'>, durationMs: number) {
  clearTimeout(timer)
  current = { ...toast, id: ++seq }
  timer = setTimeout(dismissToast, durationMs)
  emit()
}

export function dismissToast() {
  clearTimeout(timer)
  if (current === null) return
  current = null
  emit()
}

export const toast = {
  error: (message: string, title?: string) => showToast({ kind: 'error', message, title }, 5000),
  success: (message: string) => showToast({ kind: 'success', message }, 3000),
  info: (message: string) => showToast({ kind: 'info', message }, 3000),
  warning: (message: string) => showToast({ kind: 'warning', message }, 3000),
}

export const getToast = () => current

export function subscribeToast(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
