import { createStore } from '@/lib/store'

/** The full-screen loading mask shows while any call younger than this is pending (docs/screens.md "Routes and layout"). */
export const MASK_MAX_MS = 4000

const active = createStore(0)

export const loadingMask = { get: () => active.get() > 0, subscribe: active.subscribe }

/** Shows the mask for one call; the returned function ends it (idempotent). */
export function beginLoading(): () => void {
  let done = false
  const end = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    active.set((n) => n - 1)
  }
  const timer = setTimeout(end, MASK_MAX_MS)
  active.set((n) => n + 1)
  return end
}
