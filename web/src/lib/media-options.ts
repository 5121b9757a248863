import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

/** What the pickers show of a media. */
export type MediaOption = Pick<CallData<'mediaList'>[number], 'id' | 'mediaName'>

/** The media lookup of the system-settings screen, open to every signed-in account and shared
 *  by the screens whose forms pick a media (products, time periods). */
export function mediaOptionsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('mediaList'), staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
