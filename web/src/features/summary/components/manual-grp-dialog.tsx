import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { FormField } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { isVerified, type GridCell, type GridRow } from '../api/get-summary-grid'
import { useManualGrp } from '../api/set-manual-grp'
import { CellHeading, FormError, SERVER, showServerError, submitOnEnter } from './summary-form'

export type ManualGrpTarget = { row: GridRow; cell: GridCell }

type Props = { orderId: number; target: ManualGrpTarget | null; onClose: () => void }

type Values = { mdp: string }

const FORM_ID = 'manual-grp-form'

/** Blank (clears the manual GRP) or a number ≥ 0. */
const isGrp = (text: string) => text.trim() === '' || (/^\d+(\.\d+)?$/.test(text.trim()) && Number.isFinite(Number(text)))

/**
 * 手动GRP (docs/evaluation.md "The summary grid" grpYmdUp): the GRP of a verified cell, counted as its issued GRP; blank
 * clears it, and the viewing data counts again. Only a verified, stored cell has one: any other
 * is '点位不存在' (docs/screens.md "Summary dialog"), said here before asking and by the server after.
 */
export function ManualGrpDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  const save = useManualGrp(orderId)
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.grp.title')} formId={FORM_ID} busy={save.isPending} width={480}>
      {target && <GrpForm key={target.cell.id} target={target} save={save} onDone={onClose} />}
    </Dialog>
  )
}

/** The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts). */
export const grpSchema = (t: TFunction<'orders'>) => z.object({ mdp: z.string().refine(isGrp, t('summaryDialogs.grp.bad')) })

type FormProps = { target: ManualGrpTarget; save: ReturnType<typeof useManualGrp>; onDone: () => void }

function GrpForm({ target, save, onDone }: FormProps) {
  const { t } = useTranslation('orders')
  const { row, cell } = target
  const schema = useMemo(() => grpSchema(t), [t])
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: { mdp: cell.mdp === null || cell.mdp === undefined ? '' : String(cell.mdp) },
  })
  const { errors } = formState

  const submit = handleSubmit(async ({ mdp }) => {
    if (cell.id <= 0 || !isVerified(cell)) {
      setError(SERVER, { type: 'client', message: t('summaryDialogs.grp.noCell') })
      return
    }
    try {
      await save.mutateAsync({ ymdId: cell.id, mdp: mdp.trim() })
    } catch (err) {
      showServerError(err, ['mdp'], setError)
      return
    }
    toast.success(t('summaryDialogs.grp.done'))
    onDone()
  })

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <CellHeading row={row} ymd={cell.ymd} cell={cell} />
      <FormField label={t('summaryDialogs.grp.label')} error={errors.mdp?.message} hint={t('summaryDialogs.grp.hint')}>
        <input className="input" inputMode="decimal" autoComplete="off" {...register('mdp')} />
      </FormField>
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
