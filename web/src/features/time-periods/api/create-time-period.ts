import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { invalidateTimePeriods } from './invalidate'

export const PERIOD_FIELDS = ['mediaId', 'timePeriodName', 'preBroadcastTimeForma', 'preBroadcastTimeFormaEnd'] as const

export type TimePeriodFormValues = {
  mediaId: string
  timePeriodName: string
  preBroadcastTimeForma: string
  preBroadcastTimeFormaEnd: string
}

const TIME_RE = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/
/** The last second of a broadcast day: 29:59:59 (05:59:59 the next calendar day). */
const MAX_SECS = 30 * 3600 - 1

/** Seconds of a broadcast-day time `HH:mm[:ss]`, or null when it isn't one. */
export function parseTime(text: string): number | null {
  const m = TIME_RE.exec(text.trim())
  if (!m) return null
  const secs = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)
  return secs <= MAX_SECS ? secs : null
}

/** `7:5` style input made `07:05:00`. */
export function formatTime(text: string) {
  const secs = parseTime(text)
  if (secs === null) return text.trim()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(secs / 3600))}:${pad(Math.floor((secs % 3600) / 60))}:${pad(secs % 60)}`
}

/** docs/screens.md "Master-data validation" time-period dialog, with the server's messages. */
export function timePeriodSchema(t: TFunction<'time-periods'>) {
  return z
    .object({
      mediaId: z.string().min(1, t('validation.mediaRequired')),
      timePeriodName: z.string().trim().min(1, t('validation.nameRequired')).max(50, t('validation.nameTooLong')),
      preBroadcastTimeForma: z.string(),
      preBroadcastTimeFormaEnd: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof TimePeriodFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
      if (!v.preBroadcastTimeForma.trim() || !v.preBroadcastTimeFormaEnd.trim()) {
        issue('preBroadcastTimeForma', t('validation.timeRequired'))
        return
      }
      const start = parseTime(v.preBroadcastTimeForma)
      const end = parseTime(v.preBroadcastTimeFormaEnd)
      if (start === null) issue('preBroadcastTimeForma', t('validation.timeFormat'))
      if (end === null) issue('preBroadcastTimeFormaEnd', t('validation.timeFormat'))
      if (start !== null && end !== null && start > end) issue('preBroadcastTimeFormaEnd', t('validation.timeOrder'))
    })
}

export function timePeriodPayload(v: TimePeriodFormValues) {
  return {
    mediaId: v.mediaId,
    timePeriodName: v.timePeriodName.trim(),
    preBroadcastTimeForma: formatTime(v.preBroadcastTimeForma),
    preBroadcastTimeFormaEnd: formatTime(v.preBroadcastTimeFormaEnd),
  }
}

export function createTimePeriod(values: TimePeriodFormValues) {
  return api.post('timePeriodAdd', timePeriodPayload(values))
}

export function useCreateTimePeriod() {
  const client = useQueryClient()
  return useMutation({ mutationFn: createTimePeriod, onSuccess: () => invalidateTimePeriods(client) })
}
