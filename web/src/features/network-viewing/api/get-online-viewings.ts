import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type OnlineViewing = CallData<'onlineViewingIndex'>['data'][number]

/** The list's filters, named as the call takes them; every bound is inclusive. */
export type ViewingFilters = ListFilters<'onlineViewingIndex'>

export function getOnlineViewings(filters: ViewingFilters) {
  return api.get('onlineViewingIndex', filters)
}

export function onlineViewingsQueryOptions(filters: ViewingFilters = { page: 1, limit: 30 }) {
  return queryOptions({
    queryKey: ['onlineViewingIndex', filters],
    queryFn: () => getOnlineViewings(filters),
    placeholderData: keepPreviousData,
  })
}

export function useOnlineViewings(filters: ViewingFilters) {
  return useQuery(onlineViewingsQueryOptions(filters))
}
