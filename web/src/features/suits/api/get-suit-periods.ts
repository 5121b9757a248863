import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type SuitPeriod = CallData<'suitTimePeriodList'>[number]

export function suitPeriodsQueryOptions(mediaId: number) {
  return lookupQueryOptions('suitTimePeriodList', { mediaId })
}

/** The periods a suit of this media can hold, in broadcast order. */
export function useSuitPeriods(mediaId: number | undefined) {
  return useQuery({ ...suitPeriodsQueryOptions(mediaId ?? 0), enabled: Boolean(mediaId) })
}
