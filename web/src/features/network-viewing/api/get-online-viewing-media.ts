import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type ViewingMedia = CallData<'onlineViewingMediaList'>[number]

export function getOnlineViewingMedia() {
  return api.get('onlineViewingMediaList', {}, { mask: false })
}

export function onlineViewingMediaQueryOptions() {
  return queryOptions({ queryKey: ['onlineViewingMediaList'], queryFn: getOnlineViewingMedia })
}

/** The media of the filter and the dialog. */
export function useOnlineViewingMedia() {
  return useQuery(onlineViewingMediaQueryOptions())
}
