import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgs } from '@/types/call'
import { invalidateSummary } from './invalidate'

export type ManualGrpArgs = CallArgs<'grpYmdUp'>

/** grpYmdUp: a verified cell's manual GRP (`ymdId`, `mdp`); blank clears it. Quiet: the dialog shows a refusal. */
export function setManualGrp(args: ManualGrpArgs) {
  return api.post('grpYmdUp', args, { quiet: true })
}

export function useManualGrp(orderId: number) {
  const client = useQueryClient()
  return useMutation({ mutationFn: setManualGrp, onSuccess: () => invalidateSummary(client, orderId) })
}
