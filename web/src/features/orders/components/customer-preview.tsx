import { useEffect, useRef } from 'react'
import { DataTable, type Column } from '@/components/ui/data-table'
import { useTranslation } from '@/lib/i18n'
import type { CustomerCell, CustomerPreview } from '../api/evaluation-types'
import { DEFAULT_FILTER, useSummaryGrid } from '@/features/summary/api/get-summary-grid'
import { formatGrp } from './order-figures'

/**
 * What 确认更新 would attach (orderCustomerUp typeY 1): the rows and their GRP, each cell (a
 * schedule line's day) that gets spots, and the rows no cell holds. Every row is attached; the
 * sentence splits them as the server counts them (count = placed + unplaced), so its numbers add
 * up. Takes the focus when shown, so a keyboard user lands on what changed.
 */
export function CustomerPreviewPanel({ orderId, preview }: { orderId: number; preview: CustomerPreview }) {
  const { t } = useTranslation('orders')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  // The schedule's lines name each cell's line by version, period and type (its id until they arrive).
  const grid = useSummaryGrid(orderId, DEFAULT_FILTER)
  const lines = new Map(grid.data?.flatMap((m) => m.data.map((l) => [l.id, `${l.product_magnetic_tape.mediaFileName} · ${l.time_period.timePeriodName} · ${l.type}`] as const)))
  const columns: Column<CustomerCell>[] = [
    { key: 'lineId', title: t('evaluation.customer.line'), render: (c) => lines.get(c.lineId) ?? t('evaluation.customer.lineOf', { id: c.lineId }) },
    { key: 'ymd', title: t('evaluation.customer.ymd'), width: 120 },
    { key: 'spots', title: t('evaluation.customer.spots'), width: 90, align: 'right' },
    { key: 'grp', title: t('evaluation.customer.grp'), width: 110, align: 'right', render: (c) => formatGrp(c.grp) },
  ]
  return (
    <section className="customer-data__preview" aria-labelledby="customer-preview-title">
      <h3 id="customer-preview-title" className="summary-card__title" tabIndex={-1} ref={heading}>{t('evaluation.customer.previewTitle')}</h3>
      <p className="customer-data__sum" role="status">
        {preview.count === 0
          ? t('evaluation.customer.previewNone')
          : t('evaluation.customer.previewSummary', { count: preview.count, sum: formatGrp(preview.sum), placed: preview.placed })}
        {preview.unplaced > 0 && <span className="customer-data__unplaced">{t('evaluation.customer.unplaced', { count: preview.unplaced })}</span>}
      </p>
      <DataTable
        columns={columns}
        data={preview.cells}
        label={t('evaluation.customer.cells')}
        emptyText={t('evaluation.customer.noCells')}
        rowKey={(c) => `${c.lineId}-${c.ymd}`}
      />
    </section>
  )
}
