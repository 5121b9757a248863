import type { Estimate } from '@/features/orders/api/evaluation-types'
import type { EstimateDraft } from '../api/viewing-estimates'

/** The server's bound of an estimate (a spot's GRP). */
export const MAX_ESTIMATE = 100000

/** What a draft may not be sent as, in the server's words; null when it may. */
export type DraftProblem = 'incomplete' | 'order' | null

const FIELDS = ['estimated', 'estimatedLow', 'estimatedHigh'] as const

/** A number as the inputs show it: up to 3 decimals, '' for none. */
export const shown = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? String(Number(n.toFixed(3))) : '')

export const draftOf = (e: Estimate): EstimateDraft => ({
  estimated: shown(e.estimated),
  estimatedLow: shown(e.estimatedLow),
  estimatedHigh: shown(e.estimatedHigh),
})

const NUMBER = /^\d+(\.\d{1,3})?$/

/**
 * orderViewingUp's rules, checked before sending: all three (or none: the reset, sent by its own
 * button), each a number 0–100000 with at most 3 decimals, and low ≤ normal ≤ high.
 */
export function draftProblem(draft: EstimateDraft): DraftProblem {
  const texts = FIELDS.map((f) => draft[f].trim())
  if (texts.some((x) => x === '')) return 'incomplete'
  if (!texts.every((x) => NUMBER.test(x))) return 'order'
  const [normal, low, high] = texts.map(Number)
  if (!(low <= normal && normal <= high && high <= MAX_ESTIMATE)) return 'order'
  return null
}

export const sameDraft = (a: EstimateDraft, b: EstimateDraft) => FIELDS.every((f) => a[f].trim() === b[f].trim())

export const trimmed = (d: EstimateDraft): EstimateDraft => ({
  estimated: d.estimated.trim(),
  estimatedLow: d.estimatedLow.trim(),
  estimatedHigh: d.estimatedHigh.trim(),
})
