import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type SuitPeriod = CallData<'suitTimePeriodList'>[number]

export function getSuitPeriods(mediaId: number) {
  return api.get('suitTimePeriodList', { mediaId })
}

export function suitPeriodsQueryOptions(mediaId: number) {
  return queryOptions({ queryKey: ['suitTimePeriodList', mediaId], queryFn: () => getSuitPeriods(mediaId) })
}

/** The periods a suit of this media can hold, in broadcast order. */
export function useSuitPeriods(mediaId: number | undefined) {
  return useQuery({ ...suitPeriodsQueryOptions(mediaId ?? 0), enabled: Boolean(mediaId) })
}
