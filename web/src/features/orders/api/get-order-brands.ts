import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderBrand = CallData<'orderBrandList'>[number]

export function getOrderBrands() {
  return api.get('orderBrandList')
}

export function orderBrandsQueryOptions() {
  return queryOptions({ queryKey: ['orderBrandList'], queryFn: getOrderBrands })
}

export function useOrderBrands() {
  return useQuery(orderBrandsQueryOptions())
}
