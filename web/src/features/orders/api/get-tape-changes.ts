import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type TapeChange = CallData<'orderMagneticTapeDetails'>[number]

/** orderMagneticTapeDetails: the order's tape changes by date (listing executes the due ones). */
export function getTapeChanges(orderId: number) {
  return api.get('orderMagneticTapeDetails', { orderId })
}

export function tapeChangesQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderMagneticTapeDetails', orderId], queryFn: () => getTapeChanges(orderId) })
}

export function useTapeChanges(orderId: number | null) {
  return useQuery({ ...tapeChangesQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
