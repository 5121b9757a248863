import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** orderInfo: the order as the edit dialog fills it. */
export function getOrder(orderId: number) {
  return api.get('orderInfo', { orderId })
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderInfo', orderId], queryFn: () => getOrder(orderId) })
}

/** Always fetched afresh on opening: the dialog must edit the order as it is now. */
export function useOrder(orderId: number | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0, gcTime: 0 })
}
