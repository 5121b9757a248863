import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { orderHistoryQueryOptions } from './get-order-history'
import { invalidateOrder } from './invalidate'

/** orderHistoryRestore: the order's editable fields go back to a version (itself a new version). */
export function restoreOrderVersion({ orderId, id }: { orderId: number; id: number }) {
  return api.post('orderHistoryRestore', { orderId, id })
}

export function useRestoreOrderVersion() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: restoreOrderVersion,
    onSuccess: (_, { orderId }) => invalidateOrder(client, orderId, orderHistoryQueryOptions(orderId).queryKey),
  })
}
