import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'
import { suitRemainingKey } from './keys'

export type SuitRemaining = CallData<'orderSummarySuitList'>[number]

/** orderSummarySuitList: what each entry of the order's suits has left to schedule. */
export function getSuitRemaining(orderId: number) {
  return api.get('orderSummarySuitList', { orderId })
}

export function suitRemainingQueryOptions(orderId: number) {
  return queryOptions({ queryKey: suitRemainingKey(orderId), queryFn: () => getSuitRemaining(orderId), staleTime: 0 })
}

export function useSuitRemaining(orderId: number | null, enabled = true) {
  return useQuery({ ...suitRemainingQueryOptions(orderId ?? 0), enabled: orderId !== null && enabled })
}
