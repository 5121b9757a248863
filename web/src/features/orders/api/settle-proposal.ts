import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { proposalsQueryOptions } from './get-proposals'
import { invalidateOrder } from './invalidate'

/** orderProposalSta: 完成调整, '1' → '2'; settling twice answers 4009 该建议已调整. */
export function settleProposal({ orderId, id }: { orderId: number; id: number }) {
  return api.post('orderProposalSta', { id, orderId })
}

export function useSettleProposal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: settleProposal,
    // Settled elsewhere meanwhile (4009) shows the server's message; the list is refreshed either way.
    onSettled: (_, __, { orderId }) => invalidateOrder(client, orderId, proposalsQueryOptions(orderId).queryKey),
  })
}
