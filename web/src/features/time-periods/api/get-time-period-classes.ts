import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type TimePeriodClass = CallData<'timePeriodClassList'>[number]

export function timePeriodClassesQueryOptions(mediaId?: string) {
  return lookupQueryOptions('timePeriodClassList', { mediaId })
}

/** The classes of one media (all media without one), for the class filter. */
export function useTimePeriodClasses(mediaId?: string) {
  return useQuery(timePeriodClassesQueryOptions(mediaId))
}
