import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

/** A media of the pickers (mediaList, from the system-settings area). */
export type MediaOption = Pick<CallData<'mediaList'>[number], 'id' | 'mediaName'>

export function mediaOptionsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('mediaList'), staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
