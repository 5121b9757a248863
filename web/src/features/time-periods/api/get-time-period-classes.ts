import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type TimePeriodClass = CallData<'timePeriodClassList'>[number]

export function getTimePeriodClasses(mediaId?: string) {
  return api.get('timePeriodClassList', { mediaId })
}

export function timePeriodClassesQueryOptions(mediaId?: string) {
  return queryOptions({ queryKey: ['timePeriodClassList', mediaId ?? ''], queryFn: () => getTimePeriodClasses(mediaId) })
}

/** The classes of one media (all media without one), for the class filter. */
export function useTimePeriodClasses(mediaId?: string) {
  return useQuery(timePeriodClassesQueryOptions(mediaId))
}
