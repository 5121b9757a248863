import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type MediaOption = { id: number; mediaName: string }

// The media lookup of the system-settings screen, open to every signed-in account.
const MEDIA_CALL = 'mediaList'

export function getMediaOptions() {
  return api.get<MediaOption[]>(MEDIA_CALL)
}

export function mediaOptionsQueryOptions() {
  return queryOptions({ queryKey: [MEDIA_CALL], queryFn: getMediaOptions, staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
