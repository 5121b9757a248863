import { type TFunction, useTranslation } from '@/lib/i18n'
import { schemaResolver, z } from '@/lib/schema'
import { useMemo, useState } from 'react'
import { useForm } from '@/lib/form'
import { CellDialog as Dialog } from './cell-dialog'
import { toast } from '@/components/ui/toast-store'
import { useUpCells, WITHDRAWN, type GridCell, type GridRow } from '../../api/summary-writes'
import { cellLabel, countRule, FormError, SERVER, showServerError, submitOnEnter, SpotFields, type SpotValues, typeRule } from './summary-form'

export type BatchItem = { row: GridRow; cell: GridCell }

type Props = { orderId: number; /** The cells chosen in the grid; null closed. */ items: BatchItem[] | null; onClose: () => void }

type Values = SpotValues

const FIELDS = { type: 'type', num: 'num', value: 'withdrawn' } as const

const FORM_ID = 'batch-cells-form'

/**
 * 批量撤掉/修改 (spec orders §4 "Batch withdraw", §5 "Batch edit"): the same type, spots and
 * withdrawal for every cell chosen, sent as one orderSummaryGrpYmdUp with `ids` (all or
 * nothing). A cell may be taken off the list first; the cells written leave it.
 */
export function BatchDialog({ orderId, items, onClose }: Props) {
  const { t } = useTranslation('orders')
  const save = useUpCells(orderId)
  return (
    <Dialog open={items !== null} onOpenChange={(next) => !next && onClose()} title={t('summaryDialogs.batch.title')} formId={FORM_ID} busy={save.isPending} width={640}>
      {items && <BatchForm orderId={orderId} initial={items} save={save} onDone={onClose} />}
    </Dialog>
  )
}

/** The form's rules, exported for the differential test against zod (lib/schema.diff.test.ts). */
export const batchSchema = (t: TFunction<'orders'>) =>
  z.object({ type: typeRule(t('summaryDialogs.pickType')), num: countRule(1, t('summaryDialogs.numPositive')), withdrawn: z.boolean() })

type FormProps = { orderId: number; initial: BatchItem[]; save: ReturnType<typeof useUpCells>; onDone: () => void }

function BatchForm({ orderId, initial, save, onDone }: FormProps) {
  const { t } = useTranslation('orders')
  const [items, setItems] = useState(initial)
  const schema = useMemo(() => batchSchema(t), [t])
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: schemaResolver(schema),
    defaultValues: { type: null, num: '', withdrawn: false },
  })
  const { errors } = formState

  const submit = handleSubmit(async (values) => {
    if (items.length === 0) {
      setError(SERVER, { type: 'client', message: t('summaryDialogs.batch.empty') })
      return
    }
    const ids = items.map((i) => i.cell.id)
    let written: number[]
    try {
      const answer = await save.mutateAsync({ orderId, ids: ids.join(','), type: values.type, num: values.num.trim(), value: values.withdrawn ? WITHDRAWN : '' })
      written = answer?.ids ?? ids
    } catch (err) {
      showServerError(err, FIELDS, setError)
      return
    }
    toast.success(t('summaryDialogs.batch.done', { count: written.length }))
    const left = items.filter((i) => !written.includes(i.cell.id))
    setItems(left)
    if (left.length === 0) onDone()
  })

  return (
    <form id={FORM_ID} className="summary-form" onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
      <section aria-label={t('summaryDialogs.batch.cells')}>
        {items.length === 0 ? (
          <div className="summary-empty">{t('summaryDialogs.batch.empty')}</div>
        ) : (
          <ul className="summary-batch__cells">
            {items.map(({ row, cell }) => {
              const label = cellLabel(t, row, cell.ymd, cell)
              return (
                <li key={cell.id} className="summary-batch__cell">
                  <span>{label}</span>
                  <span className="summary-batch__point">{cell.value === WITHDRAWN ? t('summary.grid.withdrawn') : cell.point}</span>
                  <button
                    type="button"
                    className="btn btn--text btn--danger btn--small"
                    aria-label={t('summaryDialogs.batch.removeOne', { cell: label })}
                    onClick={() => setItems((now) => now.filter((i) => i.cell.id !== cell.id))}
                  >
                    {t('summaryDialogs.batch.remove')}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </section>
      <SpotFields register={register} control={control} errors={errors} />
      <FormError message={errors.root?.server?.message} />
    </form>
  )
}
