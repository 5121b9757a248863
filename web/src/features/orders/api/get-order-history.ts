import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderHistoryVersion = CallData<'orderHistoryList'>[number]

/** orderHistoryList: the order's versions (one per add, edit or restore), newest first. */
export function getOrderHistory(orderId: number) {
  return api.get('orderHistoryList', { orderId })
}

export function orderHistoryQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderHistoryList', orderId], queryFn: () => getOrderHistory(orderId) })
}

export function useOrderHistory(orderId: number | null) {
  return useQuery({ ...orderHistoryQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
