import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { spotSecondsValues } from '@/types/api'
import { invalidateSuits } from './invalidate'

export const SUIT_FIELDS = [
  'mediaId', 'brandId', 'suitName', 'customerMetrics', 'mediaMetrics', 'seconds', 'suitTime', 'timePeriodArray',
] as const

/** docs/screens.md "Constants" seconds options (default 15) as the server declares them, in ascending order. */
export const SECONDS_OPTIONS: readonly number[] = [...spotSecondsValues].sort((a, b) => a - b)

/** One entry of a suit: a set of periods (ids ascending) and its spot count. */
export type EntryValue = {
  ids: number[]
  count: number
  /** For display: the periods' names and pre-broadcast times. */
  names: string
  times: string
}

export type SuitFormValues = {
  mediaId: string
  brandId: string
  suitName: string
  customerMetrics: string
  mediaMetrics: string
  seconds: string
  /** `YYYY-MM`. */
  suitTime: string
  timePeriodArray: EntryValue[]
}

const metric = (required: string, invalid: string) =>
  z.string().trim().min(1, required).refine((s) => s === '' || (Number.isFinite(Number(s)) && Number(s) >= 0), invalid)

/** docs/screens.md "Master-data validation" suit form, with the server's messages. */
export function suitSchema(t: TFunction<'suits'>) {
  return z.object({
    mediaId: z.string().min(1, t('validation.mediaRequired')),
    brandId: z.string().min(1, t('validation.brandRequired')),
    suitName: z.string().trim().min(1, t('validation.nameRequired')).max(50, t('validation.nameTooLong')),
    customerMetrics: metric(t('validation.customerMetricsRequired'), t('validation.customerMetricsInvalid')),
    mediaMetrics: metric(t('validation.mediaMetricsRequired'), t('validation.mediaMetricsInvalid')),
    seconds: z.string().min(1, t('validation.secondsRequired')),
    suitTime: z.string().regex(/^\d{4}-\d{2}$/, t('validation.suitTimeRequired')),
    timePeriodArray: z.array(z.custom<EntryValue>()).min(1, t('validation.periodsRequired')),
  })
}

/** The call's payload: docs/api.md's `timePeriodArray` of comma-joined ids and counts. */
export function suitPayload(v: SuitFormValues) {
  return {
    mediaId: v.mediaId,
    brandId: v.brandId,
    suitName: v.suitName.trim(),
    customerMetrics: v.customerMetrics.trim(),
    mediaMetrics: v.mediaMetrics.trim(),
    seconds: v.seconds,
    suitTime: v.suitTime,
    timePeriodArray: v.timePeriodArray.map((e) => ({ timePeriodId: e.ids.join(','), numberOfTimes: e.count })),
  }
}

export function createSuit(values: SuitFormValues) {
  return api.post('suitAdd', suitPayload(values))
}

export function useCreateSuit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createSuit,
    onSuccess: () => invalidateSuits(client),
  })
}
