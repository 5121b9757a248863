import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { orderPayload, type OrderFormValues } from './create-order'
import { orderHistoryQueryOptions } from './get-order-history'
import { invalidateOrder } from './invalidate'

/**
 * The orderUp payload: the order's id and the fields an edit may change. Media, product,
 * audience group, seconds and suits are locked once the order exists, so they are left out.
 */
export function updatePayload(orderId: number, values: OrderFormValues) {
  const { mediaId: _m, productId: _p, defaultId: _d, seconds: _s, suitId: _u, ...editable } = orderPayload(values)
  return { orderId, ...editable }
}

export function updateOrder({ id, values }: { id: number; values: OrderFormValues }) {
  return api.post('orderUp', updatePayload(id, values))
}

export function useUpdateOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateOrder,
    // An edit is a new version in the history as well.
    onSuccess: (_, { id }) => invalidateOrder(client, id, orderHistoryQueryOptions(id).queryKey),
  })
}
