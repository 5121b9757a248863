import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgs } from '@/types/call'
import { invalidateSummary } from './invalidate'

export type AddCellsArgs = CallArgs<'orderSummaryGrpYmdAdd'>

/** orderSummaryGrpYmdAdd: spots on a (new or existing) line of a version and period. Quiet: the dialog shows a refusal. */
export function addCells(args: AddCellsArgs) {
  return api.post('orderSummaryGrpYmdAdd', args, { quiet: true })
}

export function useAddCells(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: addCells, onSuccess: () => invalidateSummary(client, orderId) })
}
