import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { invalidateTimePeriods } from './invalidate'

export const CLASS_FIELDS = ['mediaId', 'timePeriodClassName', 'timePeriodId'] as const

export type ClassFormValues = {
  mediaId: string
  timePeriodClassName: string
  /** The ids of the class's periods. */
  timePeriodId: number[]
}

/** docs/screens.md "Master-data validation" time-period-class form. */
export function classSchema(t: TFunction<'time-periods'>) {
  return z.object({
    mediaId: z.string().min(1, t('validation.mediaRequired')),
    timePeriodClassName: z.string().trim().min(1, t('validation.classNameRequired')).max(50, t('validation.classNameTooLong')),
    timePeriodId: z.array(z.number()),
  })
}

export function classPayload(v: ClassFormValues) {
  return { mediaId: v.mediaId, timePeriodClassName: v.timePeriodClassName.trim(), timePeriodId: v.timePeriodId.join(',') }
}

export function createTimePeriodClass(values: ClassFormValues) {
  return api.post('timePeriodClassAdd', classPayload(values))
}

export function useCreateTimePeriodClass() {
  const client = useQueryClient()
  return useMutation({ mutationFn: createTimePeriodClass, onSuccess: () => invalidateTimePeriods(client) })
}
