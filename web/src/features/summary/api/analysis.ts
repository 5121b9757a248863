import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/* The 数据分析 mode's calls, typed from the server's OpenAPI document (web/src/types/api.ts). */

/** dataAnalysis: a page of slots, each bucket's media-side (m) and customer-side (c) spot. */
export type AnalysisAnswer = CallData<'dataAnalysis'>
/** A slot (`HH:MM` of the broadcast day); buckets with neither side are left out of `t`. */
export type AnalysisSlot = AnalysisAnswer['cData'][number]
/** A bucket's two sides: media (belonging_to 2) and customer (belonging_to 1). */
export type AnalysisPair = AnalysisSlot['t'][string]
/** One side's spot of a slot and bucket: the earliest-airing one, with how many that side had there. */
export type AnalysisSpot = NonNullable<AnalysisPair['m']>

export type AnalysisArgs = {
  category?: string
  source?: string
  addTimes: string
  endTimes: string
  productId: number
  defaultId: number
  mediaId?: number
  timeType: number
  timeTypeValue?: number
  page: number
  limit: number
}

/** dataAnalysisLastWeek: the latest day with a spot and its Monday–Sunday week, all null when there is none. */
export type LastWeek = CallData<'dataAnalysisLastWeek'>

/** Whose spots dataAnalysisLastWeek looks for: dataAnalysis's arguments but the days and the paging. */
export type LastWeekArgs = Pick<AnalysisArgs, 'category' | 'source' | 'productId' | 'defaultId' | 'mediaId'>

/** The latest week with a spot; nothing asked while `args` is null. */
export function useLastWeek(args: LastWeekArgs | null) {
  return useQuery({
    queryKey: ['dataAnalysisLastWeek', args],
    queryFn: () => api.get('dataAnalysisLastWeek', args!, { mask: false }),
    enabled: args !== null,
    staleTime: 0,
  })
}

/** spotCurve: the rating series around a spot and the spot's own mean. */
export type SpotCurve = CallData<'spotCurve'>
export type CurveSample = SpotCurve['data'][number]

export type CurveArgs = {
  mediaId: number
  defaultAudienceCityGroupId: number
  ymd: string
  addTime: string
  duration: number
}

/** dataAnalysis: a page of slots, each bucket's media-side and customer-side spot. */
export function getDataAnalysis(args: AnalysisArgs) {
  return api.get('dataAnalysis', args, { mask: false })
}

/** The grid keeps the page shown until the next one arrives (paging doesn't flash empty). */
export function useDataAnalysis(args: AnalysisArgs | null) {
  return useQuery({
    queryKey: ['dataAnalysis', args],
    queryFn: () => getDataAnalysis(args!),
    enabled: args !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

/** spotCurve: the rating series around a spot (300 s either side, the server's default) and the spot's mean. */
export function getSpotCurve(args: CurveArgs) {
  return api.get('spotCurve', args, { mask: false })
}

export function useSpotCurve(args: CurveArgs | null) {
  return useQuery({
    queryKey: ['spotCurve', args],
    queryFn: () => getSpotCurve(args!),
    enabled: args !== null,
  })
}
