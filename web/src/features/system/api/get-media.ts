import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Media = CallData<'mediaIndex'>['data'][number]

export type MediaFilters = ListFilters<'mediaIndex'>

export function getMedia(filters: MediaFilters) {
  return api.get('mediaIndex', filters)
}

export function mediaQueryOptions(filters: MediaFilters = { page: 1, limit: 20 }) {
  return queryOptions({ queryKey: ['mediaIndex', filters], queryFn: () => getMedia(filters), placeholderData: keepPreviousData })
}

export function useMedia(filters: MediaFilters) {
  return useQuery(mediaQueryOptions(filters))
}
