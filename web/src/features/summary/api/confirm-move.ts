import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'
import type { MoveFields } from './check-move'
import { invalidateSummary } from './invalidate'

export type MoveDone = Schema<'MoveApplied'>

/** The call answers either step's shape; what was applied is the one that counts the spots moved. */
const isMoveDone = (answer: CallData<'orderSummaryGrpYmdYdY'>): answer is MoveDone => 'moved' in answer

/**
 * orderSummaryGrpYmdYdY typeY 2: applies the preview named by its `basis` (4009 when the data
 * changed since). Quiet: the dialog shows a refusal.
 */
export async function confirmMove(args: MoveFields & { basis: string }): Promise<MoveDone> {
  const answer = await api.post('orderSummaryGrpYmdYdY', { ...args, typeY: 2 }, { quiet: true })
  if (!isMoveDone(answer)) throw new Error('orderSummaryGrpYmdYdY typeY 2 answered without what it applied')
  return answer
}

export function useConfirmMove(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: confirmMove, onSuccess: () => invalidateSummary(client, orderId) })
}
