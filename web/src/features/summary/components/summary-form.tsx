import type { KeyboardEvent } from 'react'
import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister, type UseFormSetError } from '@/lib/form'
import { type TFunction, useTranslation } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { Switch } from '@/components/ui/switch'
import { ApiError } from '@/lib/api-client'
import { POINT_TYPES, type GridCell, type GridRow } from '../api/get-summary-grid'

/*
 * What the summary's cell dialogs share: the server's refusal shown on the form, the spot-type
 * radios and the count rules of docs/screens.md "Summary dialog".
 */

/** The form-level error slot (`root.server`, as react-hook-form named it). */
export const SERVER = 'root.server'

/**
 * Puts a refused write on the form: its field messages under the fields the form has (named as
 * the call names them, or mapped), anything else (a 4009, a message for a field the form does not
 * show) as the form's error. Answers the message, so a caller may also toast it.
 */
export function showServerError<F extends FieldValues>(
  err: unknown,
  fields: readonly Path<F>[] | Readonly<Record<string, Path<F>>>,
  setError: UseFormSetError<F>,
): string {
  const message = err instanceof Error ? err.message : String(err)
  const landed = setServerErrors(err, fields, setError as (name: Path<F>, e: { type: string; message: string }, o?: { shouldFocus: boolean }) => void)
  if (!landed) {
    // A field error for a field not on the form (ymdId, ids) still says what is wrong.
    const other = err instanceof ApiError ? Object.values(err.fields ?? {}).flat().join('；') : ''
    setError(SERVER as Path<F>, { type: 'server', message: other || message })
  }
  return message
}

/** The form's own error (a refusal not about one field), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null
  return <p className="summary-form__error" role="alert">{message}</p>
}

/**
 * Enter in any field (a text, radio or select) submits the form (its button sits in the dialog's footer, outside the
 * form, and a form of two text fields has no implicit submission of its own); a textarea keeps
 * Enter for itself and handles it.
 */
export function submitOnEnter(e: KeyboardEvent<HTMLFormElement>) {
  const target = e.target as HTMLElement
  if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey || e.nativeEvent.isComposing) return
  const field = (target instanceof HTMLInputElement && target.type !== 'button') || target instanceof HTMLSelectElement
  if (!field) return
  e.preventDefault()
  e.currentTarget.requestSubmit()
}

/** A whole number of at least `min` (the server says so of a count above a cell's most). */
const isCount = (text: string, min: number) => /^\d+$/.test(text.trim()) && Number(text) >= min
export const countRule = (min: number, message: string) => z.string().refine((v) => isCount(v, min), message)

/** One of A–D; radios none of which is checked read as null. */
export const typeRule = (message: string) => z.string().nullable().refine((v) => v !== null && (POINT_TYPES as readonly string[]).includes(v), message)

type TypeRadiosProps<F extends FieldValues> = {
  register: UseFormRegister<F>
  name: Path<F>
  label: string
  error?: string
  disabled?: boolean
}

/** The spot-type radios A–D (a line's type: A base, B 补, C free, D other). */
export function TypeRadios<F extends FieldValues>({ register, name, label, error, disabled }: TypeRadiosProps<F>) {
  const { t } = useTranslation('orders')
  return (
    <FormGroup label={label} required error={error}>
      <div className="choice-group">
        {POINT_TYPES.map((type) => (
          <label key={type} className="choice" title={t(`summaryDialogs.types.${type}`)}>
            <input type="radio" value={type} disabled={disabled} {...register(name)} />
            {type}
          </label>
        ))}
      </div>
    </FormGroup>
  )
}

/** What a cell is, in words: its line's period, version and type, and its day. */
export function cellLabel(t: TFunction<'orders'>, row: GridRow, ymd: string, cell?: GridCell | null) {
  return t('summaryDialogs.cellOf', {
    period: row.time_period.timePeriodName,
    tape: row.product_magnetic_tape.mediaFileName,
    type: cell?.type ?? row.type,
    ymd,
  })
}

/** The line and day a dialog is about, above its form. */
export function CellHeading({ row, ymd, cell }: { row: GridRow; ymd: string; cell?: GridCell | null }) {
  const { t } = useTranslation('orders')
  return <p className="summary-form__cell">{cellLabel(t, row, ymd, cell)}</p>
}

/** The values of a cell write's form (修改 and 批量 alike). */
export type SpotValues = { type: string | null; num: string; withdrawn: boolean }

type SpotFieldsProps = { register: UseFormRegister<SpotValues>; control: Control<SpotValues>; errors: FieldErrors<SpotValues> }

/** The spot type, count and 撤掉 switch that 修改 and 批量 set. */
export function SpotFields({ register, control, errors }: SpotFieldsProps) {
  const { t } = useTranslation('orders')
  return (
    <>
      <TypeRadios register={register} name="type" label={t('summaryDialogs.type')} error={errors.type?.message} />
      <FormField label={t('summaryDialogs.num')} required error={errors.num?.message}>
        <input className="input" inputMode="numeric" autoComplete="off" {...register('num')} />
      </FormField>
      <Controller
        control={control}
        name="withdrawn"
        render={({ field }) => (
          <FormField label={t('summaryDialogs.withdraw')} error={errors.withdrawn?.message} hint={t('summaryDialogs.withdrawHint')}>
            <Switch checked={field.value} onCheckedChange={field.onChange} />
          </FormField>
        )}
      />
    </>
  )
}
