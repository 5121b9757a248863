import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import type { ChangeTape } from '../api/get-change-tapes'
import type { OrderVersion } from '../api/get-order-versions'
import type { TapeChange } from '../api/get-tape-changes'
import { TAPE_CHANGE_FIELDS, useSaveTapeChange, type TapeChangeValues } from '../api/save-tape-change'
import { addBounds, editBounds, tapeChangeSchema } from './tape-change-rules'

type Props = {
  orderId: number
  /** The order's cycle end, the last day a change may be added on. */
  cycleStart: string
  cycleEnd: string
  versions: OrderVersion[]
  upTapes: ChangeTape[]
  /** The pending change being edited; null adds one. */
  editing: TapeChange | null
  /** After saving an edit, or on 取消修改. */
  onEditDone: () => void
}

function initialValues(editing: TapeChange | null, versions: OrderVersion[]): TapeChangeValues {
  if (editing) return { tapeId: String(editing.tapeId), upTapeId: String(editing.upTapeId), executeAt: editing.executeAt }
  // An order of one version needs no choice.
  return { tapeId: versions.length === 1 ? String(versions[0].id) : '', upTapeId: '', executeAt: '' }
}

/**
 * 添加换版 / 修改换版 above the list (docs/screens.md "Order dialogs" tape change): checked here with the spec's
 * messages before sending; the server's field errors land on the fields and the values stay.
 */
export function TapeChangeForm({ orderId, cycleStart, cycleEnd, versions, upTapes, editing, onEditDone }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const bounds = useMemo(() => (editing ? editBounds(editing) : addBounds(cycleStart, cycleEnd)), [editing, cycleStart, cycleEnd])
  const schema = useMemo(() => tapeChangeSchema(t, bounds, editing !== null), [t, bounds, editing])
  const { register, control, handleSubmit, setError, reset, formState } = useForm<TapeChangeValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(editing, versions),
  })
  const { errors, isSubmitting } = formState
  const save = useSaveTapeChange()

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ orderId, values, id: editing?.id })
    } catch (err) {
      setServerErrors(err, TAPE_CHANGE_FIELDS, setError)
      return
    }
    toast.success(t(editing ? 'tapeChanges.updated' : 'tapeChanges.added'))
    if (editing) onEditDone()
    else reset(initialValues(null, versions))
  })

  const heading = editing ? t('tapeChanges.editTitle', { tape: editing.magneticTapeName }) : t('tapeChanges.addTitle')
  const noDays = bounds.max !== '' && bounds.min > bounds.max
  return (
    <form className="tape-change-form" onSubmit={submit} noValidate aria-label={heading}>
      <h3 className="order-dialog-heading">{heading}</h3>
      <div className="tape-change-form__fields">
        <FormField label={t('tapeChanges.tape')} required error={errors.tapeId?.message}>
          {editing ? (
            <input className="input" readOnly value={editing.magneticTapeName} />
          ) : (
            <select className="input" {...register('tapeId')}>
              <option value="">{t('tapeChanges.pickTape')}</option>
              {versions.map((v) => <option key={v.id} value={v.id}>{v.mediaFileName}</option>)}
            </select>
          )}
        </FormField>
        <FormField label={t('tapeChanges.upTape')} required error={errors.upTapeId?.message}>
          <select className="input" {...register('upTapeId')}>
            <option value="">{t('tapeChanges.pickUpTape')}</option>
            {upTapes.map((u) => <option key={u.id} value={u.id}>{u.up_tape_name}</option>)}
          </select>
        </FormField>
        <FormField
          label={t('tapeChanges.executeAt')}
          required
          error={errors.executeAt?.message}
          hint={noDays ? t('tapeChanges.noDays') : t('tapeChanges.dateRange', { min: bounds.min, max: bounds.max })}
        >
          <FormDatePicker control={control} name="executeAt" min={bounds.min} max={bounds.max || undefined} />
        </FormField>
      </div>
      <div className="tape-change-form__actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {editing ? t('tapeChanges.save') : t('tapeChanges.add')}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={onEditDone}>
            {t('tapeChanges.cancelEdit')}
          </button>
        )}
      </div>
    </form>
  )
}
