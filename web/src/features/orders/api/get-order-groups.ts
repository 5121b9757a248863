import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderGroups = CallData<'orderDefaultAudienceCityGroupList'>

/** The product's audience/city groups and the one it is evaluated on by default. */
export function orderGroupsQueryOptions(productId: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderDefaultAudienceCityGroupList', { productId }), staleTime: 0 })
}

/** Loads once a product is chosen. */
export function useOrderGroups(productId: string) {
  return useQuery({ ...orderGroupsQueryOptions(productId), enabled: Boolean(productId) })
}
