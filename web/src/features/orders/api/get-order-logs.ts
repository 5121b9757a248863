import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderLogEntry = CallData<'orderLogList'>[number]

/** The order's log, newest first. */
export function getOrderLogs(orderId: number) {
  return api.get('orderLogList', { orderId })
}

export function orderLogsQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderLogList', orderId], queryFn: () => getOrderLogs(orderId) })
}

export function useOrderLogs(orderId: number | null) {
  return useQuery({ ...orderLogsQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
