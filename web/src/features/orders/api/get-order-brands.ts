import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderBrand = CallData<'orderBrandList'>[number]

export function orderBrandsQueryOptions() {
  return lookupQueryOptions('orderBrandList')
}

export function useOrderBrands() {
  return useQuery(orderBrandsQueryOptions())
}
