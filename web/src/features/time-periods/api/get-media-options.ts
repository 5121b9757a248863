import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/** What the pickers show of a media (mediaList, open to every signed-in account). */
export type MediaOption = Pick<CallData<'mediaList'>[number], 'id' | 'mediaName'>

// The media lookup of the system-settings screen, open to every signed-in account.
const MEDIA_CALL = 'mediaList'

export function getMediaOptions() {
  return api.get(MEDIA_CALL)
}

export function mediaOptionsQueryOptions() {
  return queryOptions({ queryKey: [MEDIA_CALL], queryFn: getMediaOptions, staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
