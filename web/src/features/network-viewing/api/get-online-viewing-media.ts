import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type ViewingMedia = CallData<'onlineViewingMediaList'>[number]

export function onlineViewingMediaQueryOptions() {
  return lookupQueryOptions('onlineViewingMediaList', {}, { mask: false })
}

/** The media of the filter and the dialog. */
export function useOnlineViewingMedia() {
  return useQuery(onlineViewingMediaQueryOptions())
}
