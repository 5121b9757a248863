import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgs } from '@/types/call'
import { invalidateSummary } from './invalidate'

export type UpCellsArgs = CallArgs<'orderSummaryGrpYmdUp'>

/**
 * orderSummaryGrpYmdUp: modify, create, withdraw or record a reason; `ids` for a batch. Quiet,
 * like every cell write: the dialog shows a refusal under its field or as the form's error.
 */
export function upCells(args: UpCellsArgs) {
  return api.post('orderSummaryGrpYmdUp', args, { quiet: true })
}

export function useUpCells(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: upCells, onSuccess: () => invalidateSummary(client, orderId) })
}
