import { useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter, ViewingClass } from '@/features/orders/api/evaluation-types'
import { useViewingEstimates } from '../api/viewing-estimates'
import { OrderClassDialog } from './order-class-dialog'
import { ViewingClassRow } from './viewing-class-row'

type Props = {
  orderId: number
  /** The order's media, whose time-period classes (时段归纳) these are. */
  mediaId: number
  filter: EvaluationFilter
  /** Names the table where no 预估 heading does (the 收视信息 dialog). */
  label?: string
}

/**
 * 预估 (orderViewingList / orderViewingUp, docs/evaluation.md "Viewing estimates"): the expected GRP of one spot of each
 * time-period class of the order's media, normal / low / high, editable; the default and its
 * basis follow the toolbar's side and filters, an edit holds whatever the side. The classes
 * themselves (时段归纳) are added and edited here too (docs/screens.md "Summary dialog").
 */
export function ViewingEditor({ orderId, mediaId, filter, label }: Props) {
  const { t } = useTranslation('orders')
  const list = useViewingEstimates(orderId, filter)
  const classes = list.data ?? []
  // The class the class dialog edits; null adds one, undefined: closed.
  const [editing, setEditing] = useState<ViewingClass | null | undefined>(undefined)
  const head = (key: string) => t(`evaluation.estimates.${key}`)
  return (
    <>
      <div className="estimates__bar">
        <p className="summary__hint estimates__hint">{head('hint')}</p>
        <button type="button" className="btn btn--small" onClick={() => setEditing(null)}>{head('addClass')}</button>
      </div>
      <div className="estimates" role="region" aria-label={head('scroll')} tabIndex={0}>
        <table
          className="table estimates__table"
          aria-labelledby={label ? undefined : 'summary-estimates'}
          aria-label={label}
          aria-busy={list.isFetching || undefined}
        >
          <thead>
            <tr>
              <th scope="col">{head('class')}</th>
              <th scope="col">{head('periods')}</th>
              <th scope="col">{head('normal')}</th>
              <th scope="col">{head('low')}</th>
              <th scope="col">{head('high')}</th>
              <th scope="col">{head('basis')}</th>
              <th scope="col"><span className="visually-hidden">{head('actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {classes.map((c) => <ViewingClassRow key={c.timePeriodClassId} orderId={orderId} cls={c} filter={filter} onEditClass={() => setEditing(c)} />)}
            {!classes.length && (
              <tr>
                <td colSpan={7} className="summary-card__empty">{list.isFetching ? t('summary.loading') : head('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <OrderClassDialog orderId={orderId} mediaId={mediaId} target={editing} onClose={() => setEditing(undefined)} />
    </>
  )
}
