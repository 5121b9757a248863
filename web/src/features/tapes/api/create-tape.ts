import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { invalidateTapes } from './invalidate'

export const DEFAULT_SECONDS = '15'
const MAX_SECONDS = 3600

export const TAPE_FIELDS = [
  'brandId', 'mediaId', 'productId', 'cycle', 'customerVersionName', 'mediaFileName', 'mediaTapeNumber', 'customerTitle', 'seconds',
] as const

export type TapeFormValues = Record<(typeof TAPE_FIELDS)[number], string>

/** The spec's product-tape rules (docs/screens.md "Master-data validation"): everything required, seconds a positive integer. */
export function tapeSchema(t: TFunction<'tapes'>) {
  const required = (key: string) => z.string().trim().min(1, t(key)).max(200, t('validation.tooLong', { max: 200 }))
  return z.object({
    brandId: z.string().min(1, t('validation.brandRequired')),
    mediaId: z.string().min(1, t('validation.mediaRequired')),
    productId: z.string().min(1, t('validation.productRequired')),
    cycle: required('validation.cycleRequired'),
    customerVersionName: required('validation.versionRequired'),
    mediaFileName: required('validation.fileRequired'),
    mediaTapeNumber: required('validation.numberRequired'),
    customerTitle: required('validation.titleRequired'),
    seconds: z
      .string()
      .trim()
      .min(1, t('validation.secondsRequired'))
      .refine((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_SECONDS, t('validation.secondsPositive')),
  })
}

/** The call's payload: the fields, trimmed. */
export const tapePayload = (v: TapeFormValues) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim()])) as TapeFormValues

export function createTape(values: TapeFormValues) {
  return api.post('productMagneticTapeAdd', tapePayload(values))
}

export function useCreateTape() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createTape,
    onSuccess: () => invalidateTapes(client),
  })
}
