import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type CustomerMedia = CallData<'customerMediaList'>[number]

/** customerMediaList. */
export function getCustomerMedia() {
  return api.get('customerMediaList', {}, { mask: false })
}

export function customerMediaQueryOptions() {
  return queryOptions({ queryKey: ['customerMediaList'], queryFn: getCustomerMedia, staleTime: 60_000 })
}

export function useCustomerMedia() {
  return useQuery(customerMediaQueryOptions())
}
