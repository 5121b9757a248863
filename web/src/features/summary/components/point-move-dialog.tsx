import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { FormField } from '@/components/ui/form-field'
import { useOrderTime } from '../api/get-order-time'
import { useOrderTapeList } from '../api/get-order-tape-list'
import { usePeriodSuits } from '../api/get-period-suits'
import { usePeriods } from '../api/get-periods'
import type { GridCell, GridRow } from '../api/get-summary-grid'
import { MovePreviewTable } from './move-preview'
import { MoveWhen, SuitRemainingHint } from './move-fields'
import { moveDays, stillToAir, type MoveDays } from './move-days'
import { CellHeading, countRule, FormError, submitOnEnter, typeRule } from './summary-form'
import { usePointMove, type MoveValues } from './use-point-move'

export type PointMoveTarget = { row: GridRow; cell: GridCell }

type Props = { orderId: number; target: PointMoveTarget | null; onClose: () => void }

const FORM_ID = 'point-move-form'

/**
 * 移动点位 (docs/evaluation.md "Moving missing spots and make-goods", docs/screens.md "Summary dialog" "Point move"): missing spots of a cell the certificate
 * found short (reasonDisappearance 1) go to another version, period, type and day — by default
 * type B, a make-good, on the source's version and period, on a day still to air (today on,
 * within the cycle, no confirmed month). Type A keeps the source's day, which has always passed
 * by then: the form says so under the date. Two steps: 检查 (typeY 1) shows what the move does
 * and the most that may move; 确认移动 (typeY 2) applies exactly that preview, named by its basis.
 * A change to the form asks for a new check; a preview the data outran (4009) is said as a
 * warning and checked again.
 */
export function PointMoveDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.move.title')} footer={null} width={640}>
      {target && <MoveForm key={target.cell.id} orderId={orderId} target={target} onClose={onClose} />}
    </Dialog>
  )
}

/**
 * The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts):
 * `keptDay` is the source's day when the type is A (no date is chosen then), else null.
 */
export function moveSchema(t: TFunction<'orders'>, keptDay: string | null, days: MoveDays | null) {
  const notOpen = t('summaryDialogs.move.notOpen')
  return z.object({
    type: typeRule(t('summaryDialogs.pickType')),
    upTapeId: z.string().min(1, t('summaryDialogs.move.pickUpTape')),
    timePeriodId: z.string().min(1, t('summaryDialogs.move.pickPeriod')),
    suit: z.string().min(1, t('summaryDialogs.move.pickSuit')),
    ymd:
      keptDay === null
        ? z.string().min(1, t('summaryDialogs.move.pickYmd')).refine((v) => v === '' || stillToAir(days, v), notOpen)
        : z.string().refine(() => stillToAir(days, keptDay), notOpen),
    num: countRule(1, t('summaryDialogs.numBad')),
  })
}

/** The form's first values: a make-good (B) on the source's version and period. */
const initial = (row: GridRow): MoveValues => ({
  type: 'B',
  upTapeId: String(row.product_magnetic_tape.id),
  timePeriodId: String(row.timePeriodId),
  suit: '',
  ymd: '',
  num: '',
})

function MoveForm({ orderId, target, onClose }: { orderId: number; target: PointMoveTarget; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common'])
  const { row, cell } = target
  const cycle = useOrderTime(orderId)
  const days = moveDays(cycle.data)
  const tapes = useOrderTapeList(orderId)
  const periods = usePeriods(orderId)
  // The rules follow the type being checked: a type A move has no date to pick. The source's
  // version and period are set once their options are there (a select shows only an option's value).
  const form = useForm<MoveValues>({
    defaultValues: { ...initial(row), upTapeId: '', timePeriodId: '' },
    values: tapes.data && periods.data ? initial(row) : undefined,
    resetOptions: { keepDirtyValues: true },
    resolver: (values, context, options) => schemaResolver<MoveValues>(moveSchema(t, values.type === 'A' ? cell.ymd : null, days))(values, context, options),
  })
  const { register, control, setValue, watch, formState } = form
  const keptDay = watch('type') === 'A' ? cell.ymd : null
  const { errors } = formState
  const { preview, busy, ready, submit, recheck } = usePointMove(orderId, cell, form, onClose)

  const periodId = watch('timePeriodId')
  const suits = usePeriodSuits(orderId, periodId ? Number(periodId) : null)
  const suit = watch('suit')

  return (
    <>
      <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
        <CellHeading row={row} ymd={cell.ymd} cell={cell} />
        <FormField label={t('summaryDialogs.move.upTape')} required error={errors.upTapeId?.message}>
          <select className="input" {...register('upTapeId')}>
            <option value="">{t('summaryDialogs.move.pickUpTape')}</option>
            {tapes.data?.map((tape) => <option key={tape.id} value={tape.id}>{tape.mediaFileName}</option>)}
          </select>
        </FormField>
        <FormField label={t('summaryDialogs.move.period')} required error={errors.timePeriodId?.message}>
          <select className="input" {...register('timePeriodId', { onChange: () => setValue('suit', '') })}>
            <option value="">{t('summaryDialogs.move.pickPeriod')}</option>
            {periods.data?.map((p) => <option key={p.id} value={p.id}>{p.timePeriodName}</option>)}
          </select>
        </FormField>
        <FormField label={t('summaryDialogs.move.suit')} required error={errors.suit?.message} hint={suit ? <SuitRemainingHint orderId={orderId} periodId={periodId} suit={suit} /> : undefined}>
          <select className="input" {...register('suit')}>
            <option value="">{t('summaryDialogs.move.pickSuit')}</option>
            {suits.data?.map((s) => (
              <option key={`${s.id}:${s.suitXId}`} value={`${s.id}:${s.suitXId}`}>
                {t('summaryDialogs.move.suitOption', { name: s.suitName, time: s.suitTime, entry: s.suitXId })}
              </option>
            ))}
          </select>
        </FormField>
        <MoveWhen register={register} control={control} errors={errors} keptDay={keptDay} days={days} />
        <FormField label={t('summaryDialogs.num')} required error={errors.num?.message} hint={preview ? t('summaryDialogs.move.max', { max: preview.max }) : undefined}>
          <input className="input" inputMode="numeric" autoComplete="off" {...register('num')} />
        </FormField>
        <FormError message={errors.root?.server?.message} />
        {/* Announced when a check answers: the result is what the next step applies. */}
        <div aria-live="polite">{preview && <MovePreviewTable preview={preview} />}</div>
      </form>
      <div className="dialog__footer summary-move__footer">
        <button type="button" className="btn" onClick={onClose}>{t('common:cancel')}</button>
        {/* The footer's submit is the next step (Enter takes it); 检查 stays to check again. */}
        <button type={ready ? 'button' : 'submit'} form={FORM_ID} className="btn" disabled={busy} onClick={ready ? () => void recheck() : undefined}>
          {t('summaryDialogs.move.check')}
        </button>
        <button type={ready ? 'submit' : 'button'} form={FORM_ID} className="btn btn--primary" disabled={busy || !ready}>
          {t('summaryDialogs.move.confirm')}
        </button>
      </div>
    </>
  )
}
