import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OrderGroups = CallData<'orderDefaultAudienceCityGroupList'>

/** The product's audience/city groups and the one it is evaluated on by default. */
export function getOrderGroups(productId: string) {
  return api.get('orderDefaultAudienceCityGroupList', { productId })
}

export function orderGroupsQueryOptions(productId: string) {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ queryKey: ['orderDefaultAudienceCityGroupList', productId], queryFn: () => getOrderGroups(productId), staleTime: 0 })
}

/** Loads once a product is chosen. */
export function useOrderGroups(productId: string) {
  return useQuery({ ...orderGroupsQueryOptions(productId), enabled: Boolean(productId) })
}
