import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type CustomerBrand = CallData<'customerBrandList'>[number]

/** customerBrandList, every brand (the picker filters as one types). */
export function getCustomerBrands() {
  return api.get('customerBrandList', {}, { mask: false })
}

export function customerBrandsQueryOptions() {
  return queryOptions({ queryKey: ['customerBrandList'], queryFn: getCustomerBrands, staleTime: 60_000 })
}

export function useCustomerBrands() {
  return useQuery(customerBrandsQueryOptions())
}
