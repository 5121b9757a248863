import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo, type KeyboardEvent } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { FormField } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import type { GridCell, GridRow } from '../api/get-summary-grid'
import { useUpCells } from '../api/up-cells'
import { CellHeading, FormError, showServerError, submitOnEnter } from './summary-form'

export type ReasonTarget = { row: GridRow; cell: GridCell }

type Props = { orderId: number; target: ReasonTarget | null; onClose: () => void }

type Values = { reasonValue: string }

/** The server's limit on a reason's length. */
const MAX_REASON = 200

const FORM_ID = 'cell-reason-form'

/**
 * 备注 (docs/screens.md "Summary dialog" "Comment modify"): the reason of a verified cell, recorded with
 * orderSummaryGrpYmdUp reasonType '2'. A verified cell is locked, so its type, spots and
 * withdrawal go as they are (anything else is refused with 4009).
 */
export function ReasonDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  const save = useUpCells(orderId)
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.reason.title')} formId={FORM_ID} busy={save.isPending} width={520}>
      {target && <ReasonForm key={target.cell.id} orderId={orderId} target={target} save={save} onDone={onClose} />}
    </Dialog>
  )
}

/** The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts). */
export const reasonSchema = (t: TFunction<'orders'>) =>
  z.object({
    reasonValue: z
      .string()
      .refine((v) => v.trim() !== '', t('summaryDialogs.reason.required'))
      .refine((v) => [...v.trim()].length <= MAX_REASON, t('summaryDialogs.reason.tooLong')),
  })

type FormProps = { orderId: number; target: ReasonTarget; save: ReturnType<typeof useUpCells>; onDone: () => void }

function ReasonForm({ orderId, target, save, onDone }: FormProps) {
  const { t } = useTranslation('orders')
  const { row, cell } = target
  const schema = useMemo(() => reasonSchema(t), [t])
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: { reasonValue: cell.reasonType === '2' ? cell.reasonValue : '' },
  })
  const { errors } = formState

  const submit = handleSubmit(async ({ reasonValue }) => {
    try {
      await save.mutateAsync({
        orderId,
        id: cell.id,
        type: cell.type,
        num: cell.point,
        value: cell.value,
        reasonType: '2',
        reasonValue: reasonValue.trim(),
      })
    } catch (err) {
      showServerError(err, ['reasonValue'], setError)
      return
    }
    toast.success(t('summaryDialogs.reason.done'))
    onDone()
  })

  // Enter submits (the dialog's rule); Shift+Enter starts a new line.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      e.currentTarget.form?.requestSubmit()
    }
  }

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <CellHeading row={row} ymd={cell.ymd} cell={cell} />
      <FormField label={t('summaryDialogs.reason.label')} required error={errors.reasonValue?.message} hint={t('summaryDialogs.reason.hint')}>
        <textarea className="input summary-form__text" rows={4} maxLength={MAX_REASON} onKeyDown={onKeyDown} {...register('reasonValue')} />
      </FormField>
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
