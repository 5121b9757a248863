import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderProduct = CallData<'orderProductList'>[number]

/** Every product, or only a brand's (`brandId`). */
export function orderProductsQueryOptions(brandId?: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderProductList', { brandId }), staleTime: 0 })
}

/** `enabled` false holds the call (a closed dialog); turning it on fetches afresh. */
export function useOrderProducts(brandId?: string, enabled = true) {
  return useQuery({ ...orderProductsQueryOptions(brandId), enabled })
}
