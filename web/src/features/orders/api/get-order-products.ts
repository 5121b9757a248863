import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderProduct = CallData<'orderProductList'>[number]

/** Every product, or only a brand's (`brandId`). */
export function getOrderProducts(brandId?: string) {
  return api.get('orderProductList', { brandId })
}

export function orderProductsQueryOptions(brandId?: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ queryKey: ['orderProductList', brandId ?? ''], queryFn: () => getOrderProducts(brandId), staleTime: 0 })
}

/** `enabled` false holds the call (a closed dialog); turning it on fetches afresh. */
export function useOrderProducts(brandId?: string, enabled = true) {
  return useQuery({ ...orderProductsQueryOptions(brandId), enabled })
}
