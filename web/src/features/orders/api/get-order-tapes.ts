import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderTapeOption = CallData<'orderProductMagneticTapeList'>[number]

/** The product's tapes, for the dialog's tape picker. */
export function orderTapesQueryOptions(productId: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderProductMagneticTapeList', { productId }), staleTime: 0 })
}

/** Loads once a product is chosen. */
export function useOrderTapes(productId: string) {
  return useQuery({ ...orderTapesQueryOptions(productId), enabled: Boolean(productId) })
}
