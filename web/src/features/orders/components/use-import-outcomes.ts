import { useRef, useState } from 'react'
import { localClock } from '@/lib/timestamps'
import { useJobEnds } from '@/lib/use-job-ends'
import type { ImportOutcome } from './import-result'

/**
 * The latest import per order, followed through its job: `started` with the upload's job ids
 * shows it running; when the job ends its message shows (the summary, or every problem of a
 * refused file) and `onEnded` refreshes what the import changed. Kept by the always-mounted
 * dialog, so an import started there is followed after the dialog has closed.
 */
export function useImportOutcomes(onEnded: (orderId: number) => void) {
  // The order each tracked job imports into.
  const jobs = useRef(new Map<number, number>())
  const [outcomes, setOutcomes] = useState<Record<number, ImportOutcome>>({})
  const setOutcome = (id: number, outcome: ImportOutcome | null) =>
    setOutcomes(({ [id]: _, ...rest }) => (outcome ? { ...rest, [id]: outcome } : rest))

  const track = useJobEnds((jobId, message) => {
    const of = jobs.current.get(jobId)
    if (of === undefined) return
    jobs.current.delete(jobId)
    const text = message.data == null ? '' : String(message.data)
    setOutcome(of, { state: message.level === 'success' ? 'done' : 'failed', text, at: localClock() })
    onEnded(of)
  })

  const started = (orderId: number, jobIds: (number | null)[]) => {
    setOutcome(orderId, { state: 'running', text: '', at: localClock() })
    for (const id of jobIds) if (typeof id === 'number') jobs.current.set(id, orderId)
    track(jobIds)
  }

  return { outcomes, setOutcome, started }
}
