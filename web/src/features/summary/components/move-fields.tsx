import type { Control, FieldErrors, UseFormRegister } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { DatePicker } from '@/components/ui/date-picker'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField } from '@/components/ui/form-field'
import { useOrderNum } from '../api/get-order-num'
import { stillToAir, type MoveDays } from './move-days'
import { TypeRadios } from './summary-form'
import { entryOf, type MoveValues } from './use-point-move'

type WhenProps = {
  register: UseFormRegister<MoveValues>
  control: Control<MoveValues>
  errors: FieldErrors<MoveValues>
  /** The source's day when the type is A (it keeps it), else null. */
  keptDay: string | null
  days: MoveDays | null
}

/**
 * The move's type (B, a make-good, unless another is chosen) and its day: a picker of the days
 * still to air, or for type A the source's day, shown and not chosen — refused at once when it
 * can no longer air, as the server would.
 */
export function MoveWhen({ register, control, errors, keptDay, days }: WhenProps) {
  const { t } = useTranslation('orders')
  const keptClosed = keptDay !== null && !stillToAir(days, keptDay)
  const range = days && days.first <= days.last ? t('summaryDialogs.move.range', { first: days.first, last: days.last }) : t('summaryDialogs.move.noDays')
  return (
    <>
      <TypeRadios register={register} name="type" label={t('summaryDialogs.type')} error={errors.type?.message} />
      <FormField
        label={t('summaryDialogs.move.ymd')}
        required={keptDay === null}
        error={errors.ymd?.message ?? (keptClosed ? t('summaryDialogs.move.notOpen') : undefined)}
        hint={keptDay !== null ? t('summaryDialogs.move.keepsDay', { ymd: keptDay }) : days ? range : undefined}
      >
        {keptDay !== null ? (
          // The day kept is shown, not bound: the form's ymd stays empty, so none is sent.
          <DatePicker value={keptDay} onChange={() => {}} disabled />
        ) : (
          <FormDatePicker control={control} name="ymd" min={days?.first} max={days?.last} />
        )}
      </FormField>
    </>
  )
}

type HintProps = { orderId: number; periodId: string; suit: string }

/**
 * What the chosen suit entry has left in its month (orderNum over every type, the figure the
 * summary's suit list shows), and how far it is overrun (超排).
 */
export function SuitRemainingHint({ orderId, periodId, suit }: HintProps) {
  const { t } = useTranslation('orders')
  const left = useOrderNum(periodId ? { orderId, timePeriodId: Number(periodId), ...entryOf(suit) } : null)
  if (!left.data) return <>{t('summaryDialogs.move.remainingLoading')}</>
  const { num, overrun } = left.data
  return <>{overrun > 0 ? t('summaryDialogs.move.overrun', { num, overrun }) : t('summaryDialogs.move.remaining', { num })}</>
}
