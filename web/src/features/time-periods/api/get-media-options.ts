import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type MediaOption = { id: number; mediaName: string }

// The media lookup. The spec's name is mediaList (the media screen's call, merged from
// another branch); suitMediaList answers the same rows until then.
const MEDIA_CALL = 'suitMediaList'

export function getMediaOptions() {
  return api.get<MediaOption[]>(MEDIA_CALL)
}

export function mediaOptionsQueryOptions() {
  return queryOptions({ queryKey: [MEDIA_CALL], queryFn: getMediaOptions, staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
