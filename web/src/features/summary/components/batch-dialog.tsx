import { type FormEvent, useMemo, useState } from 'react'
import { FormField, FormGroup } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { useForm } from '@/lib/form'
import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { WITHDRAWN, type GridCell, type GridRow } from '../api/get-summary-grid'
import { useUpCells } from '../api/up-cells'
import { CellDialog as Dialog } from './cell-dialog'
import { BatchCells } from './batch-cells'
import { countRule, FormError, SERVER, showServerError, submitOnEnter, TypeRadios, typeRule } from './summary-form'

export type BatchItem = { row: GridRow; cell: GridCell }

type Props = {
  orderId: number
  /** The cells chosen in the grid; null closed. */
  items: BatchItem[] | null
  onClose: () => void
  /** The cells a call wrote (they leave the grid's selection as they leave the list). */
  onWritten?: (ids: number[]) => void
}

/** 撤掉 and 取消撤掉 keep each cell's type and spots; 修改 gives every cell the same. */
export const BATCH_ACTIONS = ['withdraw', 'restore', 'modify'] as const
export type BatchAction = (typeof BATCH_ACTIONS)[number]

type Values = { type: string | null; num: string }

const FIELDS = { type: 'type', num: 'num' } as const

const FORM_ID = 'batch-cells-form'

/**
 * 批量撤掉/修改 (docs/screens.md "Summary dialog" "Batch withdraw", "Batch edit"): 撤掉 (or 取消撤掉) marks
 * every cell chosen and asks for nothing else; 修改 gives them one type and count (both
 * required). Either is one orderSummaryGrpYmdUp with `ids` (all or nothing). A cell may be taken
 * off the list first; the cells written leave it, and the grid's selection.
 */
export function BatchDialog({ orderId, items, onClose, onWritten }: Props) {
  const { t } = useTranslation('orders')
  const save = useUpCells(orderId)
  return (
    <Dialog open={items !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.batch.title')} formId={FORM_ID} busy={save.isPending} width={640}>
      {items && <BatchForm orderId={orderId} initial={items} save={save} onDone={onClose} onWritten={onWritten} />}
    </Dialog>
  )
}

/** 修改's rules, exported for the differential test against zod (lib/schema.diff.test.ts). */
export const batchSchema = (t: TFunction<'orders'>) => z.object({ type: typeRule(t('summaryDialogs.pickType')), num: countRule(1, t('summaryDialogs.numPositive')) })

type FormProps = { orderId: number; initial: BatchItem[]; save: ReturnType<typeof useUpCells>; onDone: () => void; onWritten?: (ids: number[]) => void }

function BatchForm({ orderId, initial, save, onDone, onWritten }: FormProps) {
  const { t } = useTranslation('orders')
  const [items, setItems] = useState(initial)
  const [action, setAction] = useState<BatchAction>('withdraw')
  const schema = useMemo(() => batchSchema(t), [t])
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: { type: null, num: '' },
  })
  const { errors } = formState

  const apply = async (fields: { type?: string | null; num?: string; value?: string }) => {
    if (items.length === 0) {
      setError(SERVER, { type: 'client', message: t('summaryDialogs.batch.empty') })
      return
    }
    const ids = items.map((i) => i.cell.id)
    let written: number[]
    try {
      const answer = await save.mutateAsync({ orderId, ids: ids.join(','), ...fields })
      written = answer?.ids ?? ids
    } catch (err) {
      showServerError(err, FIELDS, setError)
      return
    }
    toast.success(t(`summaryDialogs.batch.done.${action}`, { count: written.length }))
    onWritten?.(written)
    const left = items.filter((i) => !written.includes(i.cell.id))
    setItems(left)
    if (left.length === 0) onDone()
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (action === 'modify') return handleSubmit((v) => apply({ type: v.type, num: v.num.trim() }))(e)
    e.preventDefault()
    return apply({ value: action === 'withdraw' ? WITHDRAWN : '' })
  }

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <BatchCells items={items} onRemove={(id) => setItems((now) => now.filter((i) => i.cell.id !== id))} />
      <FormGroup label={t('summaryDialogs.batch.action')} required>
        <div className="choice-group">
          {BATCH_ACTIONS.map((a) => (
            <label key={a} className="choice">
              <input type="radio" name="batch-action" value={a} checked={action === a} onChange={() => setAction(a)} />
              {t(`summaryDialogs.batch.actions.${a}`)}
            </label>
          ))}
        </div>
        <p className="summary__hint">{t(`summaryDialogs.batch.hints.${action}`)}</p>
      </FormGroup>
      {action === 'modify' && (
        <>
          <TypeRadios register={register} name="type" label={t('summaryDialogs.type')} error={errors.type?.message} />
          <FormField label={t('summaryDialogs.num')} required error={errors.num?.message}>
            <input className="input" inputMode="numeric" autoComplete="off" {...register('num')} />
          </FormField>
        </>
      )}
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
