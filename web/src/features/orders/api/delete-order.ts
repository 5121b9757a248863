import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { ordersQueryOptions } from './get-orders'

export function deleteOrder(orderId: number) {
  return api.post('orderDel', { orderId })
}

export function useDeleteOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 1) }),
  })
}
