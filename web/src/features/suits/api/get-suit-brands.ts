import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type SuitBrand = CallData<'suitBrandList'>[number]

export function suitBrandsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('suitBrandList'), staleTime: 60_000 })
}

export function useSuitBrands() {
  return useQuery(suitBrandsQueryOptions())
}
