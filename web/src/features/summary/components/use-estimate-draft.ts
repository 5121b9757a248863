import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import type { ViewingClass } from '@/features/orders/api/evaluation-types'
import { afterEstimate, saveViewingEstimate, type EstimateDraft } from '../api/viewing-estimates'
import { draftOf, draftProblem, sameDraft, trimmed } from './estimate-rules'

/** docs/screens.md "Constants": an estimate is saved once the typing has paused this long. */
export const SAVE_DELAY_MS = 1000

const EMPTY: EstimateDraft = { estimated: '', estimatedLow: '', estimatedHigh: '' }

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }

/**
 * A class's three estimate values as typed: saved 1 s after the last keystroke once they pass
 * the rules, the latest send alone settling them; 恢复默认 sends all three empty (an edit
 * stored) or drops what was only typed. Closing within the second still saves.
 */
export function useEstimateDraft(orderId: number, cls: ViewingClass) {
  const client = useQueryClient()
  const server = draftOf(cls)
  // What the inputs show while they differ from the server's values; null shows the server's.
  const [draft, setDraft] = useState<EstimateDraft | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const waiting = useRef<EstimateDraft | null>(null)
  // Bumped by every keystroke and send: only the latest send may settle the inputs.
  const seq = useRef(0)

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    waiting.current = null
  }

  const send = async (values: EstimateDraft) => {
    stopTimer()
    const mine = ++seq.current
    setStatus({ kind: 'saving' })
    try {
      await saveViewingEstimate(orderId, cls.timePeriodClassId, values)
    } catch (err) {
      if (mine !== seq.current) return
      const message = err instanceof Error ? err.message : String(err)
      setStatus({ kind: 'error', message })
      // A refusal is shown beside the class; anything else (the network) as the client shows failures.
      if (!(err instanceof ApiError && err.code === Code.Validation)) toast.error(message)
      return
    }
    await afterEstimate(client, orderId)
    if (mine !== seq.current) return
    setStatus({ kind: 'saved' })
    setDraft(null)
  }

  const change = (field: keyof EstimateDraft, value: string) => {
    const next = { ...(draft ?? server), [field]: value }
    seq.current++
    stopTimer()
    setDraft(next)
    if (draftProblem(next) !== null || sameDraft(next, server)) {
      setStatus({ kind: 'idle' })
      return
    }
    waiting.current = trimmed(next)
    timer.current = setTimeout(() => void send(trimmed(next)), SAVE_DELAY_MS)
  }

  // An edit stored goes back to the default; one only typed goes back to the values shown before.
  const reset = () => {
    if (cls.edited) {
      void send(EMPTY)
      return
    }
    seq.current++
    stopTimer()
    setDraft(null)
    setStatus({ kind: 'idle' })
  }

  // Closing the dialog within the second still saves the values that passed the rules.
  useEffect(
    () => () => {
      const last = waiting.current
      if (!timer.current || !last) return
      clearTimeout(timer.current)
      void saveViewingEstimate(orderId, cls.timePeriodClassId, last).then(() => afterEstimate(client, orderId), () => {})
    },
    [client, orderId, cls.timePeriodClassId],
  )

  return { shown: draft ?? server, draft, status, change, reset }
}
