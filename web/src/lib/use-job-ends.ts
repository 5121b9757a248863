import { useCallback, useLayoutEffect, useRef } from 'react'
import type { LiveMessage } from '@/lib/realtime'
import { useRealtimeEvent } from '@/lib/realtime-provider'

/** How many ended jobs nobody had asked about are remembered (an upload's answer may come late). */
const REMEMBERED = 50

/**
 * Calls `onEnd` when a job handed to the returned `track` ends — the `timeline` push with
 * status 2 and its jobId — once per job, with that push (its level and text say how it went).
 * A small job can end before the upload that started it has answered with its id: such an end
 * is remembered, and `track` then calls `onEnd` at once.
 */
export function useJobEnds(onEnd: (jobId: number, message: LiveMessage) => void) {
  const waiting = useRef(new Set<number>())
  const ended = useRef<LiveMessage[]>([])
  const latest = useRef(onEnd)
  useLayoutEffect(() => {
    latest.current = onEnd
  })

  useRealtimeEvent('timeline', (m) => {
    if (m.status !== 2 || typeof m.jobId !== 'number') return
    if (waiting.current.delete(m.jobId)) latest.current(m.jobId, m)
    else ended.current = [...ended.current, m].slice(-REMEMBERED)
  })

  return useCallback((jobIds: Iterable<number | null | undefined>) => {
    for (const id of jobIds) {
      if (typeof id !== 'number') continue
      const end = ended.current.find((m) => m.jobId === id)
      if (end) {
        ended.current = ended.current.filter((m) => m !== end)
        latest.current(id, end)
      } else waiting.current.add(id)
    }
  }, [])
}
