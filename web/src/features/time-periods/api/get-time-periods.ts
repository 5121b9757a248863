import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

/** A node of the tree: a class (时段归纳) or a media's unclassified periods (未归纳). */
export type TimePeriodGroup = CallData<'timePeriodIndex'>['data'][number]
export type TimePeriod = TimePeriodGroup['children'][number]

/** The screen's filters, named as timePeriodIndex takes them (and as the URL keeps them). */
export type TimePeriodFilters = ListFilters<'timePeriodIndex'>

export function getTimePeriods(filters: TimePeriodFilters) {
  return api.get('timePeriodIndex', filters)
}

export function timePeriodsQueryOptions(filters: TimePeriodFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['timePeriodIndex', filters],
    queryFn: () => getTimePeriods(filters),
    placeholderData: keepPreviousData,
  })
}

export function useTimePeriods(filters: TimePeriodFilters) {
  return useQuery(timePeriodsQueryOptions(filters))
}

/** Every period of one media, with its class: the tree of that media, flattened. */
export function useMediaPeriods(mediaId: number | undefined) {
  const filters: TimePeriodFilters = { page: 1, limit: 1000, mediaId: String(mediaId ?? '') }
  return useQuery({
    ...timePeriodsQueryOptions(filters),
    enabled: Boolean(mediaId),
    select: (page) => page.data.flatMap((g) => g.children).sort((a, b) => a.preBroadcastTimeForma.localeCompare(b.preBroadcastTimeForma)),
  })
}
