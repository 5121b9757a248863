import { useQueryClient } from '@tanstack/react-query'
import { ClassDialog } from '@/features/time-periods/components/class-dialog'
import type { ViewingClass } from '@/features/orders/api/evaluation-types'
import { usePeriods } from '../api/get-periods'
import { afterClassChange } from '../api/viewing-estimates'

type Props = {
  orderId: number
  /** The order's media: a class added here is of it. */
  mediaId: number
  /** The class to edit, null to add one; undefined closed. */
  target: ViewingClass | null | undefined
  onClose: () => void
}

/**
 * 时段归纳 add/edit from 汇总 (docs/screens.md "Summary dialog"): the time-period screen's own dialog, form and
 * calls (timePeriodClassAdd / Up, open to order accounts), its media fixed to the order's and
 * its periods the order's (`timePeriod`, an order call) rather than the time-period screen's
 * tree. A save refreshes what classes decide here: estimates, figures and the grid.
 */
export function OrderClassDialog({ orderId, mediaId, target, onClose }: Props) {
  const client = useQueryClient()
  const periods = usePeriods(orderId, target !== undefined)
  const group = target
    ? { classId: target.timePeriodClassId, mediaId, timePeriodClassName: target.timePeriodClassName, timePeriodId: target.TimePeriod.map((p) => p.id).join(',') }
    : null
  return (
    <ClassDialog
      open={target !== undefined}
      group={group}
      onClose={onClose}
      fixedMedia={mediaId}
      periods={periods}
      onSaved={() => void afterClassChange(client)}
    />
  )
}
