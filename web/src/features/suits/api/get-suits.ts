import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Suit = CallData<'suitIndex'>['data'][number]
export type SuitEntry = Suit['suit_time_period'][number]

/** The screen's filters, named as suitIndex takes them (and as the URL keeps them). */
export type SuitFilters = ListFilters<'suitIndex'>

export function getSuits(filters: SuitFilters) {
  return api.get('suitIndex', filters)
}

export function suitsQueryOptions(filters: SuitFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['suitIndex', filters],
    queryFn: () => getSuits(filters),
    placeholderData: keepPreviousData,
  })
}

export function useSuits(filters: SuitFilters) {
  return useQuery(suitsQueryOptions(filters))
}
