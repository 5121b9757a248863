import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Product = CallData<'productIndex'>['data'][number]

/** productIndex's filters, named as the call names them; times are unix seconds. */
export type ProductFilters = ListFilters<'productIndex'>

export function getProducts(filters: ProductFilters) {
  return api.get('productIndex', filters)
}

export function productsQueryOptions(filters: ProductFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['productIndex', filters],
    queryFn: () => getProducts(filters),
    placeholderData: keepPreviousData,
  })
}

export function useProducts(filters: ProductFilters) {
  return useQuery(productsQueryOptions(filters))
}
