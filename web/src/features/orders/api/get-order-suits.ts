import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderSuitOption = CallData<'orderSuitList'>[number]

/** The media's suits sold to the product's brand. */
export function orderSuitsQueryOptions(productId: string, mediaId: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderSuitList', { productId, mediaId }), staleTime: 0 })
}

/** Loads once both a product and a media are chosen. */
export function useOrderSuits(productId: string, mediaId: string) {
  return useQuery({ ...orderSuitsQueryOptions(productId, mediaId), enabled: Boolean(productId && mediaId) })
}
