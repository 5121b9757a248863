import { useMutation, useQueryClient } from '@tanstack/react-query'
import { viewingKey } from '@/features/orders/api/evaluation-keys'
import { api } from '@/lib/api-client'
import { invalidateSummary } from './invalidate'

/** grpTimeUp: sets the assessment date (`YYYY-MM-DD`). */
export function setAssessmentTime(orderId: number, timePg: string) {
  return api.post('grpTimeUp', { orderId, timePg })
}

/**
 * Remaining spots count from the assessment date, the default estimates look back from it, and
 * the order becomes 已评估: the schedule and the estimates are refreshed.
 */
export function useAssessmentTime(orderId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (timePg: string) => setAssessmentTime(orderId, timePg),
    onSuccess: () => Promise.all([invalidateSummary(client, orderId), client.invalidateQueries({ queryKey: viewingKey(orderId) })]),
  })
}
