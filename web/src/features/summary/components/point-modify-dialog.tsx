import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { toast } from '@/components/ui/toast-store'
import { WITHDRAWN, type GridCell, type GridRow } from '../api/get-summary-grid'
import { useUpCells } from '../api/up-cells'
import { CellHeading, countRule, FormError, showServerError, submitOnEnter, SpotFields, type SpotValues, typeRule } from './summary-form'

export type PointModifyTarget = { row: GridRow; cell: GridCell | null; ymd: string }

type Props = { orderId: number; target: PointModifyTarget | null; onClose: () => void }

type Values = SpotValues

/** The fields as orderSummaryGrpYmdUp names them (value is the withdraw switch). */
const FIELDS = { type: 'type', num: 'num', value: 'withdrawn' } as const

const FORM_ID = 'point-modify-form'

/** A stored cell (id > 0) is modified; an empty day (no cell, or id ≤ 0) gets a new one. */
const exists = (cell: GridCell | null): cell is GridCell => cell !== null && cell.id > 0

/**
 * 修改点位 (docs/screens.md "Summary dialog" "Point modify"): a cell's type, spots and withdrawal, or a new cell
 * on an empty day. An existing cell may drop to 0 spots ('请正确输入点位数量'); a new one needs
 * at least one ('请输入大于0').
 */
export function PointModifyDialog({ orderId, target, onClose }: Props) {
  const { t } = useTranslation('orders')
  const save = useUpCells(orderId)
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.modify.title')} formId={FORM_ID} busy={save.isPending} width={520}>
      {target && <ModifyForm key={`${target.row.id}-${target.ymd}`} orderId={orderId} target={target} save={save} onDone={onClose} />}
    </Dialog>
  )
}

/** The form's rules (an existing cell may go to 0), exported for the differential test against zod (lib/schema.diff.test.ts). */
export function modifySchema(t: TFunction<'orders'>, existing: boolean) {
  return z.object({
    type: typeRule(t('summaryDialogs.pickType')),
    num: existing ? countRule(0, t('summaryDialogs.numBad')) : countRule(1, t('summaryDialogs.numPositive')),
    withdrawn: z.boolean(),
  })
}

type FormProps = { orderId: number; target: PointModifyTarget; save: ReturnType<typeof useUpCells>; onDone: () => void }

function ModifyForm({ orderId, target, save, onDone }: FormProps) {
  const { t } = useTranslation('orders')
  const { row, cell, ymd } = target
  const existing = exists(cell)
  const schema = useMemo(() => modifySchema(t, existing), [t, existing])
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: {
      type: cell?.type ?? row.type,
      num: existing ? String(cell.point) : '',
      withdrawn: cell?.value === WITHDRAWN,
    },
  })
  const { errors } = formState

  const submit = handleSubmit(async (values) => {
    const where = existing ? { id: cell.id } : { grpId: row.id, ymd }
    try {
      await save.mutateAsync({ orderId, ...where, type: values.type, num: values.num.trim(), value: values.withdrawn ? WITHDRAWN : '' })
    } catch (err) {
      showServerError(err, FIELDS, setError)
      return
    }
    toast.success(t('summaryDialogs.modify.done'))
    onDone()
  })

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <CellHeading row={row} ymd={ymd} cell={cell} />
      <SpotFields register={register} control={control} errors={errors} />
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
