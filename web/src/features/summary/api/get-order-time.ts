import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'
import { orderTimeKey } from './keys'

export type OrderTime = CallData<'orderTime'>

/** orderTime: the cycle (the days a date may be picked from), its months and the assessment date — the grid and the dialogs share it. */
export function getOrderTime(orderId: number) {
  return api.get('orderTime', { orderId })
}

export function orderTimeQueryOptions(orderId: number) {
  return queryOptions({ queryKey: orderTimeKey(orderId), queryFn: () => getOrderTime(orderId), staleTime: 0 })
}

export function useOrderTime(orderId: number | null) {
  return useQuery({ ...orderTimeQueryOptions(orderId ?? 0), enabled: orderId !== null })
}
