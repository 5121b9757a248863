import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type CustomerBrand = CallData<'customerBrandList'>[number]

/** customerBrandList, every brand (the picker filters as one types); no mask, the filter loads in the background. */
export function customerBrandsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('customerBrandList', {}, { mask: false }), staleTime: 60_000 })
}

export function useCustomerBrands() {
  return useQuery(customerBrandsQueryOptions())
}
