import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/** A media of the pickers (mediaList, from the system-settings area). */
export type MediaOption = Pick<CallData<'mediaList'>[number], 'id' | 'mediaName'>

export function getMediaOptions() {
  return api.get('mediaList')
}

export function mediaOptionsQueryOptions() {
  return queryOptions({ queryKey: ['mediaList'], queryFn: getMediaOptions, staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
