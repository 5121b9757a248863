import { useCallback, useEffect, useReducer } from 'react'
import type { LiveLevel, LiveMessage } from '@/lib/realtime'
import { useRealtimeEvent } from '@/lib/realtime-provider'

/** docs/screens.md "Routes and layout": the panel closes 1 s after a run ends at success level. */
export const AUTO_CLOSE_MS = 1000
/** The panel keeps the latest entries only, however long a run talks. */
const MAX_ENTRIES = 300

export type ProgressEntry = {
  id: number
  /** status 0 → start, 1 → step, 2 → end. */
  kind: 'start' | 'step' | 'end'
  level: LiveLevel
  /** The pushed text (may be empty). */
  text: string
  /** When it arrived, epoch ms. */
  at: number
}

export type ProgressState = {
  open: boolean
  entries: ProgressEntry[]
  /** Timeline messages received so far (never goes back, unlike the entry count). */
  received: number
  /** The last message ended a run at success level: the panel closes shortly. */
  closeSoon: boolean
}

export type ProgressAction = { type: 'message'; message: LiveMessage; at: number } | { type: 'close' }

export const initialProgress: ProgressState = { open: false, entries: [], received: 0, closeSoon: false }

const KINDS = ['start', 'step', 'end'] as const
const levelOf = (v: unknown): LiveLevel => (v === 'warning' || v === 'error' ? v : 'success')

/**
 * Progress messages (docs/screens.md "Routes and layout"): status 0 shows the panel and logs the start — a fresh log when
 * the panel was closed; 1 logs a step at its level; 2 logs the end and, at success level, asks
 * for the panel to close. Other statuses are ignored.
 */
export function progressReducer(state: ProgressState, action: ProgressAction): ProgressState {
  if (action.type === 'close') return { ...state, open: false, closeSoon: false }
  const { message, at } = action
  const status = Number(message.status)
  const kind = KINDS[status]
  if (!Number.isInteger(status) || !kind) return state
  const level = levelOf(message.level)
  const entry: ProgressEntry = { id: state.received + 1, kind, level, text: message.data == null ? '' : String(message.data), at }
  const kept = kind === 'start' && !state.open ? [] : state.entries
  return {
    open: state.open || kind === 'start',
    entries: [...kept, entry].slice(-MAX_ENTRIES),
    received: entry.id,
    closeSoon: kind === 'end' && level === 'success',
  }
}

/** The layout's progress log, fed by `timeline` pushes; `close` is what the panel calls. */
export function useProgressLog() {
  const [state, dispatch] = useReducer(progressReducer, initialProgress)
  useRealtimeEvent('timeline', (message) => dispatch({ type: 'message', message, at: Date.now() }))
  useEffect(() => {
    if (!state.open || !state.closeSoon) return
    const timer = setTimeout(() => dispatch({ type: 'close' }), AUTO_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [state.open, state.closeSoon])
  const close = useCallback(() => dispatch({ type: 'close' }), [])
  return { ...state, close }
}
