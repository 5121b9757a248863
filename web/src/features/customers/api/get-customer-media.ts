import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type CustomerMedia = CallData<'customerMediaList'>[number]

/** customerMediaList. */
export function customerMediaQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('customerMediaList', {}, { mask: false }), staleTime: 60_000 })
}

export function useCustomerMedia() {
  return useQuery(customerMediaQueryOptions())
}
