import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'

export type Order = Schema<'OrderRow'>

/** The screen's filters, named as orderList takes them (and as the URL keeps them). */
export type OrderFilters = {
  page: number
  limit: number
  brandId?: string
  productId?: string
  mediaId?: string
  seconds?: string
  /** Order status 1–7. */
  status?: string
  /** `YYYY-MM-DD`: orders whose cycle holds that day. */
  cycleTime?: string
  /** `YYYY-MM`: orders whose cycle reaches into that month. */
  month?: string
  suitName?: string
  /** Create time from / to, unix seconds. */
  createtimeGt?: string
  createtimelt?: string
}

export function getOrders(filters: OrderFilters) {
  return api.get<CallData<'orderList'>>('orderList', filters)
}

export function ordersQueryOptions(filters: OrderFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['orderList', filters],
    queryFn: () => getOrders(filters),
    placeholderData: keepPreviousData,
  })
}

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters))
}
