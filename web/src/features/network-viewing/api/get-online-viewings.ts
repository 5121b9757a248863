import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type OnlineViewing = CallData<'onlineViewingIndex'>['data'][number]

/** The list's filters, named as the call takes them; every bound is inclusive. */
export type ViewingFilters = {
  page: number
  limit: number
  onlineViewingName?: string
  /** `YYYY-MM-DDTHH:MM[:SS]` from the date-time inputs. */
  onlineViewingTimeGt?: string
  onlineViewingTimeLt?: string
  viewingGt?: string
  viewingLt?: string
  rankingGt?: string
  rankingLt?: string
  /** A media id (the call takes comma-joined ids). */
  mediaIdi?: string
}

export function getOnlineViewings(filters: ViewingFilters) {
  return api.get<CallData<'onlineViewingIndex'>>('onlineViewingIndex', filters)
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
