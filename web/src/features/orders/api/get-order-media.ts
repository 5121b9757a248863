import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type OrderMedia = CallData<'orderMediaList'>[number]

export function orderMediaQueryOptions() {
  // Always fetched afresh: master data may have changed since (the default keeps answers 30 s).
  return queryOptions({ ...lookupQueryOptions('orderMediaList'), staleTime: 0 })
}

/** `enabled` false holds the call (a closed dialog); turning it on fetches afresh. */
export function useOrderMedia(enabled = true) {
  return useQuery({ ...orderMediaQueryOptions(), enabled })
}
