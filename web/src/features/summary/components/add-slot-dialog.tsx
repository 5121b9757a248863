import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { useOrderTime, type OrderTime } from '../api/get-order-time'
import { useAddCells } from '../api/add-cells'
import { useOrderTapeList } from '../api/get-order-tape-list'
import { usePeriods } from '../api/get-periods'
import { countRule, FormError, showServerError, submitOnEnter, TypeRadios, typeRule } from './summary-form'

type Props = { orderId: number; /** `YYYY-MM`: the month shown; null closed. */ month: string | null; onClose: () => void }

type Values = { productDefaultId: string; type: string | null; timePeriodId: string; ymd: string; num: string }

/** The form's fields are named as orderSummaryGrpYmdAdd names them. */
const FIELDS = ['productDefaultId', 'type', 'timePeriodId', 'ymd', 'num'] as const

const FORM_ID = 'add-slot-form'

/** The last day of `YYYY-MM`. */
function monthEnd(month: string) {
  const [y, m] = month.split('-').map(Number)
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}

/** The days a slot may be added on: the month shown, within the order's cycle (`YYYY-MM-DD` compare as text). */
export function slotDays(month: string, cycle: Pick<OrderTime, 'cycleTimeAdd' | 'cycleTimeEnd'> | undefined) {
  const first = `${month}-01`
  const last = monthEnd(month)
  if (!cycle) return { min: first, max: last }
  return { min: cycle.cycleTimeAdd > first ? cycle.cycleTimeAdd : first, max: cycle.cycleTimeEnd < last ? cycle.cycleTimeEnd : last }
}

/**
 * 添加时段 (docs/screens.md "Summary dialog" "Add time-slot"): spots of a version and type in a period on a day of
 * the month shown; the server puts them on that line (made when missing). A month whose
 * certificate is confirmed takes none: they could never be compared.
 */
export function AddSlotDialog({ orderId, month, onClose }: Props) {
  const { t } = useTranslation('orders')
  const save = useAddCells(orderId)
  return (
    <Dialog open={month !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.addSlot.title')} formId={FORM_ID} busy={save.isPending} width={560}>
      {month !== null && <AddSlotForm key={month} orderId={orderId} month={month} save={save} onDone={onClose} />}
    </Dialog>
  )
}

/**
 * The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts).
 * `closed`: the month's certificate is confirmed, so no day of it takes spots (the server says so too).
 */
export function addSlotSchema(t: TFunction<'orders'>, first: string, last: string, closed = false) {
  return z.object({
    productDefaultId: z.string().min(1, t('summaryDialogs.addSlot.pickVersion')),
    type: typeRule(t('summaryDialogs.addSlot.pickType')),
    timePeriodId: z.string().min(1, t('summaryDialogs.addSlot.pickPeriod')),
    // A filled day outside the month's days in the cycle names those days, not '请选择日期'.
    ymd: z
      .string()
      .min(1, t('summaryDialogs.addSlot.pickYmd'))
      .refine((v) => v === '' || (v >= first && v <= last), t('summaryDialogs.addSlot.ymdRange', { first, last }))
      .refine((v) => v === '' || !closed, t('summaryDialogs.addSlot.closed')),
    num: countRule(1, t('summaryDialogs.addSlot.numPositive')),
  })
}

type FormProps = { orderId: number; month: string; save: ReturnType<typeof useAddCells>; onDone: () => void }

function AddSlotForm({ orderId, month, save, onDone }: FormProps) {
  const { t } = useTranslation('orders')
  const tapes = useOrderTapeList(orderId)
  const periods = usePeriods(orderId)
  const cycle = useOrderTime(orderId)
  const days = slotDays(month, cycle.data)
  const closed = !!cycle.data?.confirmedMonths?.includes(month)
  const schema = useMemo(() => addSlotSchema(t, days.min, days.max, closed), [t, days.min, days.max, closed])
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    // An order of one version needs no choice.
    defaultValues: { productDefaultId: '', type: null, timePeriodId: '', ymd: '', num: '' },
    values: tapes.data?.length === 1 ? { productDefaultId: String(tapes.data[0].id), type: null, timePeriodId: '', ymd: '', num: '' } : undefined,
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = formState

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ orderId, ...values, num: values.num.trim() })
    } catch (err) {
      showServerError(err, FIELDS, setError)
      return
    }
    toast.success(t('summaryDialogs.addSlot.done'))
    onDone()
  })

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <FormField label={t('summaryDialogs.addSlot.version')} required error={errors.productDefaultId?.message}>
        <select className="input" {...register('productDefaultId')}>
          <option value="">{t('summaryDialogs.addSlot.pickVersion')}</option>
          {tapes.data?.map((tape) => <option key={tape.id} value={tape.id}>{tape.mediaFileName}</option>)}
        </select>
      </FormField>
      <TypeRadios register={register} name="type" label={t('summaryDialogs.addSlot.type')} error={errors.type?.message} />
      <FormField label={t('summaryDialogs.addSlot.period')} required error={errors.timePeriodId?.message}>
        <select className="input" {...register('timePeriodId')}>
          <option value="">{t('summaryDialogs.addSlot.pickPeriod')}</option>
          {periods.data?.map((p) => <option key={p.id} value={p.id}>{p.timePeriodName}</option>)}
        </select>
      </FormField>
      <FormField label={t('summaryDialogs.addSlot.ymd')} required error={errors.ymd?.message} hint={closed ? t('summaryDialogs.addSlot.closed') : t('summaryDialogs.addSlot.range', days)}>
        <FormDatePicker control={control} name="ymd" min={days.min} max={days.max} />
      </FormField>
      <FormField label={t('summaryDialogs.addSlot.num')} required error={errors.num?.message}>
        <input className="input" inputMode="numeric" autoComplete="off" {...register('num')} />
      </FormField>
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
