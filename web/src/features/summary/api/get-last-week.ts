import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgsWith, CallData } from '@/types/call'
import { lastWeekKey } from './keys'

/** dataAnalysisLastWeek: the latest day with a spot and its Monday–Sunday week, all null when there is none. */
export type LastWeek = CallData<'dataAnalysisLastWeek'>

/** Whose spots dataAnalysisLastWeek looks for: dataAnalysis's arguments but the days and the paging. */
export type LastWeekArgs = CallArgsWith<'dataAnalysisLastWeek', 'productId' | 'defaultId'>

export function getLastWeek(args: LastWeekArgs) {
  return api.get('dataAnalysisLastWeek', args, { mask: false })
}

/** The latest week with a spot; nothing asked while `args` is null. */
export function lastWeekQueryOptions(args: LastWeekArgs | null) {
  return queryOptions({
    queryKey: lastWeekKey(args),
    queryFn: () => getLastWeek(args!),
    enabled: args !== null,
    staleTime: 0,
  })
}

export function useLastWeek(args: LastWeekArgs | null) {
  return useQuery(lastWeekQueryOptions(args))
}
