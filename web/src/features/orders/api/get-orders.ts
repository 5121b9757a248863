import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ListFilters, Schema } from '@/types/call'

export type Order = Schema<'OrderRow'>

/** The screen's filters, named as orderList takes them (and as the URL keeps them). */
export type OrderFilters = ListFilters<'orderList'>

export function getOrders(filters: OrderFilters) {
  return api.get('orderList', filters)
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
