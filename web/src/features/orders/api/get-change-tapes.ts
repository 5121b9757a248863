import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type ChangeTape = CallData<'orderMagneticTapeDetailsList'>[number]

/** orderMagneticTapeDetailsList: the product's tapes (换版信息), the ones a change may bring in. */
export function changeTapesQueryOptions(productId: number) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderMagneticTapeDetailsList', { productId }), staleTime: 0 })
}

export function useChangeTapes(productId: number | null) {
  return useQuery({ ...changeTapesQueryOptions(productId ?? 0), enabled: productId !== null })
}
