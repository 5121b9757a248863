import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { spotSecondsValues } from '@/types/api'
import { invalidateProducts } from './invalidate'

/** The spec's seconds options (docs/screens.md "Constants") as the server declares them, offered in ascending order; 15 is the default. */
export const SECONDS_OPTIONS: readonly number[] = [...spotSecondsValues].sort((a, b) => a - b)
export const DEFAULT_SECONDS = '15'

export const PRODUCT_FIELDS = [
  'brandId', 'productName', 'seconds', 'mediaId', 'audienceCityGroupId', 'defaultAudienceCityGroupId', 'primeTime',
  'upsideDownThreePer', 'primeTimePer', 'primeUpsideDownThreePer', 'falsePrimeUpsideDownThreePer', 'jackRequirements',
  'noteOne', 'noteTwo',
] as const

/** The product dialog's form: ids as text (select values), groups as a list, prime time `HH:MM:SS-HH:MM:SS`. */
export type ProductFormValues = {
  brandId: string
  productName: string
  seconds: string
  mediaId: string
  audienceCityGroupId: number[]
  defaultAudienceCityGroupId: string
  primeTime: string
  upsideDownThreePer: string
  primeTimePer: string
  primeUpsideDownThreePer: string
  falsePrimeUpsideDownThreePer: string
  jackRequirements: string
  noteOne: string
  noteTwo: string
}

const PRIME_RE = /^(\d{2}:\d{2}(?::\d{2})?)-(\d{2}:\d{2}(?::\d{2})?)$/

/** Seconds of a `HH:MM[:SS]` clock. */
const clock = (s: string) => s.split(':').reduce((acc, part, i) => acc + Number(part) * [3600, 60, 1][i], 0)

/** The prime time range's parts; empty strings when unset or malformed. */
export function splitPrimeTime(value: string): [string, string] {
  const m = PRIME_RE.exec(value.replace(/\s/g, ''))
  return m ? [m[1], m[2]] : ['', '']
}

/** The spec's product form rules (docs/screens.md "Master-data validation") with the server's messages. */
export function productSchema(t: TFunction<'products'>) {
  /** A percentage, 0 to 100; `empty` is the message when it is required. */
  const percent = (empty?: string) =>
    z.string().superRefine((v, ctx) => {
      const text = v.trim()
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message })
      if (!text) {
        if (empty) issue(t(empty))
        return
      }
      const n = Number(text)
      if (!Number.isFinite(n) || n < 0) issue(t('validation.nonNegative'))
      else if (n > 100) issue(t('validation.max100'))
    })
  const required = (key: string) => z.string().trim().min(1, t(key))
  return z.object({
    brandId: required('validation.brandRequired'),
    productName: required('validation.productNameRequired').max(100, t('validation.tooLong', { max: 100 })),
    seconds: required('validation.secondsRequired'),
    mediaId: z.string(),
    audienceCityGroupId: z.array(z.number()).min(1, t('validation.groupsRequired')),
    defaultAudienceCityGroupId: required('validation.defaultGroupRequired'),
    primeTime: z.string().superRefine((v, ctx) => {
      const [start, end] = splitPrimeTime(v)
      if (!start || !end) ctx.addIssue({ code: 'custom', message: t('validation.primeTimeRequired') })
      else if (clock(end) <= clock(start)) ctx.addIssue({ code: 'custom', message: t('validation.primeTimeOrder') })
    }),
    upsideDownThreePer: percent('validation.udtRequired'),
    primeTimePer: percent('validation.primePerRequired'),
    primeUpsideDownThreePer: percent('validation.primeUdtRequired'),
    falsePrimeUpsideDownThreePer: percent(),
    jackRequirements: required('validation.jackRequired').max(1000, t('validation.tooLong', { max: 1000 })),
    noteOne: z.string().max(500, t('validation.tooLong', { max: 500 })),
    noteTwo: z.string().max(500, t('validation.tooLong', { max: 500 })),
  })
}

/** The call's payload: groups comma-joined, blanks sent empty (the server treats them as unset). */
export function productPayload(v: ProductFormValues) {
  return {
    brandId: v.brandId,
    mediaId: v.mediaId,
    productName: v.productName.trim(),
    seconds: v.seconds,
    audienceCityGroupId: v.audienceCityGroupId.join(','),
    defaultAudienceCityGroupId: v.defaultAudienceCityGroupId,
    primeTime: v.primeTime,
    upsideDownThreePer: v.upsideDownThreePer.trim(),
    primeTimePer: v.primeTimePer.trim(),
    primeUpsideDownThreePer: v.primeUpsideDownThreePer.trim(),
    falsePrimeUpsideDownThreePer: v.falsePrimeUpsideDownThreePer.trim(),
    jackRequirements: v.jackRequirements.trim(),
    noteOne: v.noteOne.trim(),
    noteTwo: v.noteTwo.trim(),
  }
}

export function createProduct(values: ProductFormValues) {
  return api.post('productAdd', productPayload(values))
}

export function useCreateProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateProducts(client),
  })
}
