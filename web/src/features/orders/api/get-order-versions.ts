import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderVersion = CallData<'productMagneticTape'>['product_magnetic_tape'][number]

/** productMagneticTape: the order's tapes (订单版本), the ones a change may replace. */
export function getOrderVersions(orderId: number) {
  return api.get('productMagneticTape', { orderId })
}

export function orderVersionsQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['productMagneticTape', orderId], queryFn: () => getOrderVersions(orderId) })
}

/** Fetched afresh: an executed change adds its new tape to the order. */
export function useOrderVersions(orderId: number | null) {
  return useQuery({ ...orderVersionsQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
