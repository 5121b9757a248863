import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderTapeOption = CallData<'orderProductMagneticTapeList'>[number]

/** The product's tapes, for the dialog's tape picker. */
export function getOrderTapes(productId: string) {
  return api.get('orderProductMagneticTapeList', { productId })
}

export function orderTapesQueryOptions(productId: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ queryKey: ['orderProductMagneticTapeList', productId], queryFn: () => getOrderTapes(productId), staleTime: 0 })
}

/** Loads once a product is chosen. */
export function useOrderTapes(productId: string) {
  return useQuery({ ...orderTapesQueryOptions(productId), enabled: Boolean(productId) })
}
