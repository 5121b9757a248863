import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { transport } from '@/lib/api-client'

/*
 * The 数据分析 mode's two calls, typed by hand from the issue-18 contract until the server's
 * OpenAPI document lists them; then `transport.get<…>(name, …)` becomes `api.get(name, …)` and
 * these types give way to `CallData<'dataAnalysis'>` and `CallData<'spotCurve'>`.
 */

/** One side's spot of a slot and bucket: the earliest-airing one, with how many that side had there. */
export type AnalysisSpot = {
  id: number
  title: string
  /** `HH:MM:SS` of the broadcast day (24:00:00 and later: past midnight). */
  addTime: string
  /** Seconds. */
  duration: number
  /** The broadcast day, `YYYY-MM-DD`. */
  ymd: string
  /** The audience/city group's name. */
  defaultAudienceCityGroup: string
  defaultAudienceCityGroupId: number
  mediaId: number
  /** GRP, 3 decimals. */
  maoDianPing: number
  /** Spots of that side in the slot and bucket. */
  count: number
}

/** A bucket's two sides: media (belonging_to 2) and customer (belonging_to 1). */
export type AnalysisPair = { m: AnalysisSpot | null; c: AnalysisSpot | null }

/** A slot (`HH:MM` of the broadcast day); buckets with neither side are left out of `t`. */
export type AnalysisSlot = { name: string; t: Record<string, AnalysisPair> }

export type AnalysisAnswer = { time: string[]; cData: AnalysisSlot[]; total: number }

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

export type CurveSample = { ts: string; rating: number }

export type SpotCurve = {
  /** Calendar time `YYYY-MM-DD HH:MM:SS`, ascending. */
  data: CurveSample[]
  /** Mean of the spot's own samples; null when the lake has none. */
  spotMean: number | null
  resolution: 'second' | 'minute'
  channel: string
  audienceGroup: string
  spotStart: string
  spotEnd: string
}

export type CurveArgs = {
  mediaId: number
  defaultAudienceCityGroupId: number
  ymd: string
  addTime: string
  duration: number
}

/** dataAnalysis: a page of slots, each bucket's media-side and customer-side spot. */
export function getDataAnalysis(args: AnalysisArgs) {
  return transport.get<AnalysisAnswer>('dataAnalysis', args, { mask: false })
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
  return transport.get<SpotCurve>('spotCurve', args, { mask: false })
}

export function useSpotCurve(args: CurveArgs | null) {
  return useQuery({
    queryKey: ['spotCurve', args],
    queryFn: () => getSpotCurve(args!),
    enabled: args !== null,
  })
}
