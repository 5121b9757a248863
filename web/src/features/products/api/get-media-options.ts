import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** A media of the pickers (mediaList, from the system-settings area). */
export type MediaOption = { id: number; mediaName: string }

export function getMediaOptions() {
  return api.get<MediaOption[]>('mediaList')
}

export function mediaOptionsQueryOptions() {
  return queryOptions({ queryKey: ['mediaList'], queryFn: getMediaOptions, staleTime: 60_000 })
}

export function useMediaOptions() {
  return useQuery(mediaOptionsQueryOptions())
}
