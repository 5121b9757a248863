import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type SuitMedia = CallData<'suitMediaList'>[number]

export function suitMediaQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('suitMediaList'), staleTime: 60_000 })
}

export function useSuitMedia() {
  return useQuery(suitMediaQueryOptions())
}
