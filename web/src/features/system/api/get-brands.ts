import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Brand = CallData<'brandIndex'>['data'][number]

export type BrandFilters = ListFilters<'brandIndex'>

export function getBrands(filters: BrandFilters) {
  return api.get('brandIndex', filters)
}

export function brandsQueryOptions(filters: BrandFilters = { page: 1, limit: 10 }) {
  return queryOptions({ queryKey: ['brandIndex', filters], queryFn: () => getBrands(filters), placeholderData: keepPreviousData })
}

export function useBrands(filters: BrandFilters) {
  return useQuery(brandsQueryOptions(filters))
}
