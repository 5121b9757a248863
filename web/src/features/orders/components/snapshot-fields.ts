import type { TFunction } from '@/lib/i18n'

/** The editable fields a version keeps (docs/decisions.md "Order rules"), as orderHistoryList answers them. */
export type Snapshot = {
  orderProductMagneticTapeId?: number[]
  cycleTimeAdd?: string
  cycleTimeEnd?: string
  followDate?: string
  blankWeek?: string
  notes?: string
  adjustingQuantity?: number
  category?: number | null
  source?: number | null
  customerFreeBroadcastCalculation?: number
  customerFreeBroadcastValue?: number
  customerMetrics?: number
  mediaFreeBroadcastCalculation?: number
  mediaFreeBroadcastValue?: number
  mediaMetrics?: number
  /** 1 无, 2 错一补一, 3 漏一补二; versions kept before the policy existed lack it. */
  makeGoodPolicy?: number
}

export type SnapshotRow = {
  /** The row's key, also what `changedRows` names. */
  key: string
  label: string
  value: string
}

/**
 * The detail rows, in pairs as the details' two columns show them (customer beside media); each
 * lists the snapshot fields it reads.
 */
const ROWS: { key: string; fields: (keyof Snapshot)[] }[] = [
  { key: 'cycle', fields: ['cycleTimeAdd', 'cycleTimeEnd'] },
  { key: 'tapes', fields: ['orderProductMagneticTapeId'] },
  { key: 'followDate', fields: ['followDate'] },
  { key: 'blankWeek', fields: ['blankWeek'] },
  { key: 'notes', fields: ['notes'] },
  { key: 'adjustingQuantity', fields: ['adjustingQuantity'] },
  { key: 'category', fields: ['category'] },
  { key: 'source', fields: ['source'] },
  { key: 'customerCalc', fields: ['customerFreeBroadcastCalculation'] },
  { key: 'mediaCalc', fields: ['mediaFreeBroadcastCalculation'] },
  { key: 'customerValue', fields: ['customerFreeBroadcastValue'] },
  { key: 'mediaValue', fields: ['mediaFreeBroadcastValue'] },
  { key: 'customerMetrics', fields: ['customerMetrics'] },
  { key: 'mediaMetrics', fields: ['mediaMetrics'] },
  { key: 'makeGoodPolicy', fields: ['makeGoodPolicy'] },
]

/**
 * What a version without a field had: an order kept before the make-good policy existed had
 * none (1 无, the column's default), so reading it so neither shows 无 as a blank nor marks the
 * first version after as a change.
 */
const DEFAULTS: Partial<Record<keyof Snapshot, unknown>> = { makeGoodPolicy: 1 }

export const asSnapshot = (value: unknown): Snapshot => (value && typeof value === 'object' ? (value as Snapshot) : {})

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n)
const text = (s: unknown) => (typeof s === 'string' ? s.trim() : '')

/**
 * A version's fields as labelled rows (Chinese labels, calculation and data names, tape ids as
 * their media file names where `tapeName` knows them, else `#id`); empty values read 无 / 不限.
 */
export function snapshotRows(value: unknown, t: TFunction<['orders', 'common']>, tapeName: (id: number) => string | undefined): SnapshotRow[] {
  const s = asSnapshot(value)
  const none = t('orders:history.none')
  const number = (n: unknown, digits?: number) => (isNumber(n) ? (digits === undefined ? String(n) : n.toFixed(digits)) : none)
  const calc = (n: unknown) => (isNumber(n) ? t(`orders:form.calc.${n}`, { defaultValue: String(n) }) : none)
  const data = (kind: 'dataCategory' | 'dataSource', n: unknown) => (isNumber(n) ? t(`common:${kind}.${n}`, { defaultValue: String(n) }) : t('orders:form.any'))
  const values: Record<string, string> = {
    cycle: s.cycleTimeAdd || s.cycleTimeEnd ? `${s.cycleTimeAdd ?? ''} ~ ${s.cycleTimeEnd ?? ''}` : none,
    tapes: s.orderProductMagneticTapeId?.length ? s.orderProductMagneticTapeId.map((id) => tapeName(id) ?? `#${id}`).join(t('common:listSeparator')) : none,
    followDate: text(s.followDate) || none,
    blankWeek: text(s.blankWeek) ? text(s.blankWeek).split(',').map((d) => d.trim()).filter(Boolean).join(t('common:listSeparator')) : none,
    notes: text(s.notes) || none,
    adjustingQuantity: number(s.adjustingQuantity),
    category: data('dataCategory', s.category),
    source: data('dataSource', s.source),
    customerCalc: calc(s.customerFreeBroadcastCalculation),
    customerValue: number(s.customerFreeBroadcastValue),
    customerMetrics: number(s.customerMetrics, 3),
    mediaCalc: calc(s.mediaFreeBroadcastCalculation),
    mediaValue: number(s.mediaFreeBroadcastValue),
    mediaMetrics: number(s.mediaMetrics, 3),
    makeGoodPolicy: t(`orders:form.makeGoodPolicies.${s.makeGoodPolicy ?? DEFAULTS.makeGoodPolicy}`, { defaultValue: String(s.makeGoodPolicy) }),
  }
  return ROWS.map(({ key }) => ({ key, label: t(`orders:history.fields.${key}`), value: values[key] }))
}

/** The rows whose fields differ between a version and the one before it (none for the first). */
export function changedRows(value: unknown, previous: unknown): Set<string> {
  if (previous === undefined) return new Set()
  const a = asSnapshot(value)
  const b = asSnapshot(previous)
  const same = (f: keyof Snapshot) => JSON.stringify(a[f] ?? DEFAULTS[f] ?? null) === JSON.stringify(b[f] ?? DEFAULTS[f] ?? null)
  return new Set(ROWS.filter(({ fields }) => !fields.every(same)).map(({ key }) => key))
}
