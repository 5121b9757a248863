import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type SuitBrand = CallData<'suitBrandList'>[number]

export function getSuitBrands() {
  return api.get('suitBrandList')
}

export function suitBrandsQueryOptions() {
  return queryOptions({ queryKey: ['suitBrandList'], queryFn: getSuitBrands, staleTime: 60_000 })
}

export function useSuitBrands() {
  return useQuery(suitBrandsQueryOptions())
}
