import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type Suit = CallData<'suitIndex'>['data'][number]
export type SuitEntry = Suit['suit_time_period'][number]

/** The screen's filters, named as suitIndex takes them (and as the URL keeps them). */
export type SuitFilters = {
  page: number
  limit: number
  mediaIdi?: string
  brandIdi?: string
  suitName?: string
  /** Seconds at least. */
  secondsGt?: string
  /** Seconds at most. */
  secondslt?: string
  /** Months `YYYY-MM`, inclusive. */
  suitTimeGt?: string
  suitTimeLt?: string
  /** Dates `YYYY-MM-DD`, inclusive. */
  updatetimeGt?: string
  updatetimeLt?: string
  createtimeGt?: string
  createtimelt?: string
}

export function getSuits(filters: SuitFilters) {
  return api.get<CallData<'suitIndex'>>('suitIndex', filters)
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
