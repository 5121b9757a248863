import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { onlineViewingsQueryOptions } from './get-online-viewings'

export const VIEWING_FIELDS = ['mediaId', 'onlineViewingName', 'onlineViewingTime', 'viewing', 'ranking'] as const
export const NAME_MAX = 100

/** The dialog's form: the media id as the select's text, the time as the date-time input's. */
export type ViewingFormValues = {
  mediaId: string
  onlineViewingName: string
  onlineViewingTime: string
  viewing: string
  ranking: string
}

const NON_NEGATIVE = /^\d+(\.\d+)?$/
const POSITIVE_INT = /^[1-9]\d*$/

/** docs/screens.md "Master-data validation" online viewing, with the server's messages. */
export function viewingSchema(t: TFunction<'network-viewing'>) {
  return z.object({
    mediaId: z.string().min(1, t('validation.media')),
    onlineViewingName: z.string().trim().min(1, t('validation.name')).max(NAME_MAX, t('validation.nameTooLong')),
    onlineViewingTime: z.string().min(1, t('validation.time')),
    viewing: z.string().trim().min(1, t('validation.viewing')).regex(NON_NEGATIVE, t('validation.viewingNumber')),
    ranking: z.string().trim().min(1, t('validation.ranking')).regex(POSITIVE_INT, t('validation.rankingNumber')),
  })
}

/** `2026-03-01T20:05` or `…T20:05:09.000` (date-time input) → `2026-03-01 20:05:00` / `… 20:05:09`. */
export function toServerTime(local: string) {
  const [date, time = '00:00'] = local.split('T')
  const whole = time.split('.')[0]
  return `${date} ${whole.length === 5 ? `${whole}:00` : whole}`
}

/** `2026-03-01 20:05:09` (list row) → `2026-03-01T20:05:09` (date-time input). */
export function toInputTime(server: string) {
  return server.replace(' ', 'T')
}

export function viewingPayload(v: ViewingFormValues) {
  return {
    mediaId: Number(v.mediaId),
    onlineViewingName: v.onlineViewingName.trim(),
    onlineViewingTime: toServerTime(v.onlineViewingTime),
    viewing: v.viewing.trim(),
    ranking: v.ranking.trim(),
  }
}

export function createOnlineViewing(values: ViewingFormValues) {
  return api.post('onlineViewingAdd', viewingPayload(values))
}

export function useCreateOnlineViewing() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createOnlineViewing,
    onSuccess: () => client.invalidateQueries({ queryKey: onlineViewingsQueryOptions().queryKey.slice(0, 1) }),
  })
}
