import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

/** One customer viewing row (docs/screens.md "Master-data screens" "Customer data row"). */
export type CustomerRow = CallData<'customerIndex'>['data'][number]

/** customerIndex's filters as the URL keeps them, named as the call names them. */
export type CustomerFilters = ListFilters<'customerIndex'>

export type CustomerQuery = Omit<CustomerFilters, 'page' | 'limit'>

const QUERY_KEYS = ['brandId', 'mediaId', 'category', 'source', 'belongingTo', 'title', 'addTime', 'endTime'] as const

/** The filters the call gets: trimmed, and none that are empty (an empty filter is no filter). */
export function customerQuery(filters: Partial<CustomerFilters>): CustomerQuery {
  const query: CustomerQuery = {}
  for (const key of QUERY_KEYS) {
    const value = filters[key]?.trim()
    if (value) query[key] = value
  }
  return query
}

/** customerIndex, one page. */
export function getCustomers(filters: CustomerFilters) {
  // No full-screen mask: the table shows its own spinner, and an import's end refreshes it in the background.
  return api.get('customerIndex', { page: filters.page, limit: filters.limit, ...customerQuery(filters) }, { mask: false })
}

export function customersQueryOptions(filters: CustomerFilters = { page: 1, limit: 100 }) {
  return queryOptions({
    queryKey: ['customerIndex', filters],
    queryFn: () => getCustomers(filters),
    placeholderData: keepPreviousData,
  })
}

export function useCustomers(filters: CustomerFilters) {
  return useQuery(customersQueryOptions(filters))
}
