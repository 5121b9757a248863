import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { DatePicker } from '@/components/ui/date-picker'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, FormGroup } from '@/components/ui/form-field'
import { useOrderTime } from '../../api/summary'
import { POINT_TYPES, useOrderNum, useOrderTapeList, usePeriods, usePeriodSuits, type GridCell, type GridRow } from '../../api/summary-writes'
import { MovePreviewTable } from './move-preview'
import { CellHeading, countRule, FormError, submitOnEnter } from './summary-form'
import { entryOf, usePointMove, type MoveValues } from './use-point-move'

export type PointMoveTarget = { row: GridRow; cell: GridCell }

type Props = { orderId: number; target: PointMoveTarget | null; onClose: () => void }

const FORM_ID = 'point-move-form'

/**
 * 移动点位 (spec orders §4 "Point move", §5): missing spots of a cell the certificate found short
 * (isHe 1, reasonDisappearance 1) go to another version, period and day. Two steps: 检查
 * (typeY 1) shows what the move does and the most that may move; 确认移动 (typeY 2) applies
 * exactly that preview, named by its basis. A change to the form asks for a new check; a preview
 * the data outran (4009) is said as a warning and checked again. The spot type is the source
 * cell's, and a type A move keeps its day.
 */
export function PointMoveDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.move.title')} footer={null} width={640}>
      {target && <MoveForm key={target.cell.id} orderId={orderId} target={target} onClose={onClose} />}
    </Dialog>
  )
}

/** The form's rules (an A cell keeps its day), exported for the differential test against zod (lib/schema.diff.test.ts). */
export function moveSchema(t: TFunction<'orders'>, keepsDay: boolean) {
  return z.object({
    upTapeId: z.string().min(1, t('summaryDialogs.move.pickUpTape')),
    timePeriodId: z.string().min(1, t('summaryDialogs.move.pickPeriod')),
    suit: z.string().min(1, t('summaryDialogs.move.pickSuit')),
    ymd: keepsDay ? z.string() : z.string().min(1, t('summaryDialogs.move.pickYmd')),
    num: countRule(1, t('summaryDialogs.numBad')),
  })
}

function MoveForm({ orderId, target, onClose }: { orderId: number; target: PointMoveTarget; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common'])
  const { row, cell } = target
  const keepsDay = cell.type === 'A'
  const schema = useMemo(() => moveSchema(t, keepsDay), [t, keepsDay])
  const form = useForm<MoveValues>({
    resolver: schemaResolver(schema),
    defaultValues: { upTapeId: '', timePeriodId: '', suit: '', ymd: '', num: '' },
  })
  const { register, control, setValue, watch, formState } = form
  const { errors } = formState
  const { preview, busy, ready, submit, recheck } = usePointMove(orderId, cell, form, onClose)

  const tapes = useOrderTapeList(orderId)
  const periods = usePeriods(orderId)
  const cycle = useOrderTime(orderId)
  const periodId = watch('timePeriodId')
  const suits = usePeriodSuits(orderId, periodId ? Number(periodId) : null)
  const suit = watch('suit')
  const day = keepsDay ? cell.ymd : watch('ymd')
  // What the chosen entry has left, counting spots of the cell's type (orderNum).
  const remaining = useOrderNum(
    suit && periodId ? { orderId, timePeriodId: Number(periodId), ...entryOf(suit), types: cell.type, ymd: day || undefined } : null,
  )

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
        <FormField
          label={t('summaryDialogs.move.suit')}
          required
          error={errors.suit?.message}
          hint={suit ? (remaining.data === undefined ? t('summaryDialogs.move.remainingLoading') : t('summaryDialogs.move.remaining', { num: remaining.data })) : undefined}
        >
          <select className="input" {...register('suit')}>
            <option value="">{t('summaryDialogs.move.pickSuit')}</option>
            {suits.data?.map((s) => (
              <option key={`${s.id}:${s.suitXId}`} value={`${s.id}:${s.suitXId}`}>
                {t('summaryDialogs.move.suitOption', { name: s.suitName, time: s.suitTime, entry: s.suitXId })}
              </option>
            ))}
          </select>
        </FormField>
        {/* The type is the source cell's: shown, not chosen (spec §5). */}
        <FormGroup label={t('summaryDialogs.type')} required>
          <div className="choice-group">
            {POINT_TYPES.map((type) => (
              <label key={type} className="choice">
                <input type="radio" name="move-type" value={type} checked={type === cell.type} disabled readOnly />
                {type}
              </label>
            ))}
          </div>
        </FormGroup>
        <FormField
          label={t('summaryDialogs.move.ymd')}
          required={!keepsDay}
          error={errors.ymd?.message}
          hint={keepsDay ? t('summaryDialogs.move.keepsDay', { ymd: cell.ymd }) : undefined}
        >
          {keepsDay ? (
            // The day kept is shown, not bound: the form's ymd stays empty, so none is sent.
            <DatePicker value={cell.ymd} onChange={() => {}} disabled />
          ) : (
            <FormDatePicker control={control} name="ymd" min={cycle.data?.cycleTimeAdd} max={cycle.data?.cycleTimeEnd} />
          )}
        </FormField>
        <FormField
          label={t('summaryDialogs.num')}
          required
          error={errors.num?.message}
          hint={preview ? t('summaryDialogs.move.max', { max: preview.max }) : undefined}
        >
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
