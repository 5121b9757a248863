import { useEffect, useState } from 'react'
import type { UseFormReturn } from '@/lib/form'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import { useTranslation } from '@/lib/i18n'
import { useCheckMove, type MoveFields, type MovePreview } from '../api/check-move'
import { useConfirmMove } from '../api/confirm-move'
import type { GridCell } from '../api/get-summary-grid'
import { showServerError } from './summary-form'

/**
 * The move's form; `type` the destination's (A–D, null when none is checked), `suit` the entry
 * chosen, `suitId:suitXId` (a suit may hold the period in several entries).
 */
export type MoveValues = { type: string | null; upTapeId: string; timePeriodId: string; suit: string; ymd: string; num: string }

/** orderSummaryGrpYmdYdY's fields as the form has them. */
const FIELDS = { type: 'type', upTapeId: 'upTapeId', timePeriodId: 'timePeriodId', suitId: 'suit', ymd: 'ymd', num: 'num' } as const

export const entryOf = (suit: string) => {
  const [suitId, suitXId] = suit.split(':').map(Number)
  return { suitId, suitXId }
}

/**
 * The move's two steps over its form: `submit` checks (typeY 1) or, with a preview of exactly
 * these values, confirms it by its basis (typeY 2); `recheck` always checks. Any change to the
 * form drops the preview. A confirmation the data outran (4009) is the server's message as a
 * warning, then a new check.
 */
export function usePointMove(orderId: number, cell: GridCell, form: UseFormReturn<MoveValues>, onDone: () => void) {
  const { t } = useTranslation('orders')
  const { handleSubmit, setError, watch, getValues } = form
  const [preview, setPreview] = useState<MovePreview | null>(null)
  const check = useCheckMove()
  const confirm = useConfirmMove(orderId)

  useEffect(() => {
    const sub = watch(() => setPreview(null))
    return () => sub.unsubscribe()
  }, [watch])

  const argsOf = (values: MoveValues): MoveFields => ({
    orderId,
    id: cell.id,
    upTapeId: Number(values.upTapeId),
    timePeriodId: Number(values.timePeriodId),
    suitId: entryOf(values.suit).suitId,
    // The type chosen (the resolver checked it); a type A move keeps the source's day.
    type: values.type ?? 'B',
    ymd: values.type === 'A' ? undefined : values.ymd,
    num: Number(values.num),
  })

  const runCheck = async (values: MoveValues) => {
    try {
      const answer = await check.mutateAsync(argsOf(values))
      setPreview(answer)
      if (Number(values.num) > answer.max) setError('num', { type: 'max', message: t('summaryDialogs.move.overMax', { max: answer.max }) })
    } catch (err) {
      showServerError(err, FIELDS, setError)
    }
  }

  const runConfirm = async (values: MoveValues, shown: MovePreview) => {
    try {
      const done = await confirm.mutateAsync({ ...argsOf(values), basis: shown.basis })
      toast.success(t('summaryDialogs.move.done', { moved: done.moved }))
      onDone()
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.Conflict) {
        toast.warning(err.message)
        setPreview(null)
        await runCheck(values)
      } else showServerError(err, FIELDS, setError)
    }
  }

  const submit = handleSubmit(async (values) => {
    if (preview && Number(values.num) <= preview.max) await runConfirm(values, preview)
    else await runCheck(values)
  })

  return {
    preview,
    busy: check.isPending || confirm.isPending,
    /** A preview of the values as they stand, within its most: 确认移动 is the next step. */
    ready: preview !== null && Number(getValues('num')) <= preview.max,
    submit,
    recheck: handleSubmit(runCheck),
  }
}
