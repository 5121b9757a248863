import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgsWith, CallData } from '@/types/call'
import { spotCurveKey } from './keys'

/** spotCurve: the rating series around a spot and the spot's own mean. */
export type SpotCurve = CallData<'spotCurve'>
export type CurveSample = SpotCurve['data'][number]

/** spotCurve's arguments: the spot (its media, group, day, start and length); the window is the server's default. */
export type CurveArgs = CallArgsWith<'spotCurve', 'mediaId' | 'defaultAudienceCityGroupId' | 'ymd' | 'addTime' | 'duration'>

/** spotCurve: the rating series around a spot (300 s either side, the server's default) and the spot's mean. */
export function getSpotCurve(args: CurveArgs) {
  return api.get('spotCurve', args, { mask: false })
}

/** Nothing asked while no spot is chosen. */
export function spotCurveQueryOptions(args: CurveArgs | null) {
  return queryOptions({ queryKey: spotCurveKey(args), queryFn: () => getSpotCurve(args!), enabled: args !== null })
}

export function useSpotCurve(args: CurveArgs | null) {
  return useQuery(spotCurveQueryOptions(args))
}
