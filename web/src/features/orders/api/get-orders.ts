import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ListFilters, Schema } from '@/types/call'

export type Order = Schema<'OrderRow'>

/** The screen's filters, named as orderList takes them (and as the URL keeps them). */
export type OrderFilters = ListFilters<'orderList'>

export function getOrders(filters: OrderFilters) {
  return api.get('orderList', filters)
}

/** How often the list asks again while rows show the previous lake version's figures. */
export const RECOMPUTING_REFETCH_MS = 1000

export function ordersQueryOptions(filters: OrderFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['orderList', filters],
    queryFn: () => getOrders(filters),
    placeholderData: keepPreviousData,
    // After an import the server answers the previous figures marked `recomputing` while it
    // computes the new ones once; ask again until every row is current.
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.recomputing) ? RECOMPUTING_REFETCH_MS : false),
  })
}

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters))
}
