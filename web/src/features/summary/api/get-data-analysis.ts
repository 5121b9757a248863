import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgsWith, CallData } from '@/types/call'
import { dataAnalysisKey } from './keys'

/* The 数据分析 mode's calls, typed from the server's OpenAPI document (web/src/types/api.ts). */

/** dataAnalysis: a page of slots, each bucket's media-side (m) and customer-side (c) spot. */
export type AnalysisAnswer = CallData<'dataAnalysis'>
/** A slot (`HH:MM` of the broadcast day); buckets with neither side are left out of `t`. */
export type AnalysisSlot = AnalysisAnswer['cData'][number]
/** A bucket's two sides: media (belonging_to 2) and customer (belonging_to 1). */
export type AnalysisPair = AnalysisSlot['t'][string]
/** One side's spot of a slot and bucket: the earliest-airing one, with how many that side had there. */
export type AnalysisSpot = NonNullable<AnalysisPair['m']>

/** dataAnalysis's arguments as the mode sends them: the days, product, group, bucketing and page always. */
export type AnalysisArgs = CallArgsWith<'dataAnalysis', 'addTimes' | 'endTimes' | 'productId' | 'defaultId' | 'timeType' | 'page' | 'limit'>

/** dataAnalysis: a page of slots, each bucket's media-side and customer-side spot. */
export function getDataAnalysis(args: AnalysisArgs) {
  return api.get('dataAnalysis', args, { mask: false })
}

/** The grid keeps the page shown until the next one arrives (paging doesn't flash empty). */
export function dataAnalysisQueryOptions(args: AnalysisArgs | null) {
  return queryOptions({
    queryKey: dataAnalysisKey(args),
    queryFn: () => getDataAnalysis(args!),
    enabled: args !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useDataAnalysis(args: AnalysisArgs | null) {
  return useQuery(dataAnalysisQueryOptions(args))
}
