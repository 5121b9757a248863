import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { spotSecondsValues } from '@/types/api'
import { ordersQueryOptions } from './get-orders'

/** The form's fields, named as orderAdd / orderUp take them, so 4000 answers land on them. */
export const ORDER_FIELDS = [
  'mediaId', 'productId', 'defaultId', 'seconds', 'orderProductMagneticTapeId', 'suitId', 'cycleTimeAdd', 'cycleTimeEnd',
  'followDate', 'blankWeek', 'notes', 'adjustingQuantity', 'category', 'source',
  'customerFreeBroadcastCalculation', 'customerFreeBroadcastValue', 'customerMetrics',
  'mediaFreeBroadcastCalculation', 'mediaFreeBroadcastValue', 'mediaMetrics', 'makeGoodPolicy',
] as const

/** docs/screens.md "Constants" seconds options, in the spec's order as the server declares them; 15 is the default. */
export const SECONDS_OPTIONS: readonly number[] = spotSecondsValues
export const DEFAULT_SECONDS = '15'

/** Free-broadcast calculation: 1 none, 2 percentage, 3 normal. */
export const FREE_CALCULATIONS = ['1', '2', '3'] as const

/** Make-good policy (补播政策): 1 无, 2 错一补一 (one spot per missing one), 3 漏一补二 (two); 1 by default. */
export const MAKE_GOOD_POLICIES = ['1', '2', '3'] as const
export const DEFAULT_MAKE_GOOD_POLICY = '1'

/** The two sides of an order's figures, as the field names prefix them. */
export const SIDES = ['customer', 'media'] as const
export type Side = (typeof SIDES)[number]

/** The dialog's values: ids and numbers as text (input values), multi-choices as lists. */
export type OrderFormValues = {
  mediaId: string
  productId: string
  defaultId: string
  seconds: string
  orderProductMagneticTapeId: number[]
  suitId: number[]
  /** `YYYY-MM-DD`. */
  cycleTimeAdd: string
  cycleTimeEnd: string
  followDate: string
  /** Days of the cycle with nothing planned, `YYYY-MM-DD`, ascending. */
  blankWeek: string[]
  notes: string
  adjustingQuantity: string
  /** 1–4, or '' for any. */
  category: string
  /** 1–3, or '' for any. */
  source: string
  customerFreeBroadcastCalculation: string
  customerFreeBroadcastValue: string
  customerMetrics: string
  mediaFreeBroadcastCalculation: string
  mediaFreeBroadcastValue: string
  mediaMetrics: string
  /** One of MAKE_GOOD_POLICIES. */
  makeGoodPolicy: string
}

const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s))
/** Empty (sent as nothing) or a number ≥ 0. */
const nonNegative = (message: string) => z.string().refine((s) => s.trim() === '' || (isNumber(s) && Number(s) >= 0), message)

/** docs/screens.md "Order dialog" order dialog rules, with the server's messages. */
export function orderSchema(t: TFunction<'orders'>) {
  const required = (key: string) => z.string().min(1, t(`validation.${key}`))
  return z
    .object({
      mediaId: required('mediaRequired'),
      productId: required('productRequired'),
      defaultId: required('groupRequired'),
      seconds: required('secondsRequired'),
      orderProductMagneticTapeId: z.array(z.number()).min(1, t('validation.tapesRequired')),
      suitId: z.array(z.number()).min(1, t('validation.suitsRequired')),
      cycleTimeAdd: required('cycleStartRequired'),
      cycleTimeEnd: required('cycleEndRequired'),
      followDate: required('followDateRequired'),
      blankWeek: z.array(z.string()),
      notes: z.string().max(500, t('validation.notesTooLong')),
      adjustingQuantity: z.string().refine((s) => s.trim() === '' || isNumber(s), t('validation.quantityInvalid')),
      category: z.string(),
      source: z.string(),
      customerFreeBroadcastCalculation: required('calcRequired'),
      customerFreeBroadcastValue: nonNegative(t('validation.valueInvalid')),
      customerMetrics: nonNegative(t('validation.metricsInvalid')),
      mediaFreeBroadcastCalculation: required('calcRequired'),
      mediaFreeBroadcastValue: nonNegative(t('validation.valueInvalid')),
      mediaMetrics: nonNegative(t('validation.metricsInvalid')),
      makeGoodPolicy: z.string().refine((v) => (MAKE_GOOD_POLICIES as readonly string[]).includes(v), t('validation.makeGoodPolicyRequired')),
    })
    .superRefine((v, ctx) => {
      const start = v.cycleTimeAdd
      const end = v.cycleTimeEnd
      if (start && end && end < start) ctx.addIssue({ code: 'custom', path: ['cycleTimeEnd'], message: t('validation.cycleOrder') })
      const outside = v.blankWeek.find((day) => (start && day < start) || (end && day > end))
      if (outside) ctx.addIssue({ code: 'custom', path: ['blankWeek'], message: t('validation.blankDayOutside', { day: outside }) })
    })
}

/** Text as sent: trimmed, and left out when empty. */
const text = (s: string) => s.trim() || undefined

/** The orderAdd payload (docs/api.md, "Payloads the spec leaves open"): ids and days comma-joined, empty fields left out. */
export function orderPayload(v: OrderFormValues) {
  return {
    mediaId: v.mediaId,
    productId: v.productId,
    defaultId: v.defaultId,
    seconds: v.seconds,
    orderProductMagneticTapeId: v.orderProductMagneticTapeId.join(','),
    suitId: v.suitId.join(','),
    cycleTimeAdd: v.cycleTimeAdd,
    cycleTimeEnd: v.cycleTimeEnd,
    followDate: v.followDate,
    blankWeek: v.blankWeek.join(',') || undefined,
    notes: v.notes.trim(),
    adjustingQuantity: text(v.adjustingQuantity),
    category: text(v.category),
    source: text(v.source),
    customerFreeBroadcastCalculation: v.customerFreeBroadcastCalculation,
    customerFreeBroadcastValue: text(v.customerFreeBroadcastValue),
    customerMetrics: text(v.customerMetrics),
    mediaFreeBroadcastCalculation: v.mediaFreeBroadcastCalculation,
    mediaFreeBroadcastValue: text(v.mediaFreeBroadcastValue),
    mediaMetrics: text(v.mediaMetrics),
    // A number, as the server declares the field.
    makeGoodPolicy: Number(v.makeGoodPolicy),
  }
}

export function createOrder(values: OrderFormValues) {
  return api.post('orderAdd', orderPayload(values))
}

export function useCreateOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: ordersQueryOptions().queryKey.slice(0, 1) }),
  })
}
