import { useState } from 'react'
import { DataTable } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { Pagination } from '@/components/ui/pagination'
import { useTranslation } from '@/lib/i18n'
import { useExportFigureRows } from '../../api/export-figure-rows'
import { useFigureRows, type FigureRows } from '../../api/get-figure-rows'
import type { DrillTarget } from './drill-down-context'
import { figureColumns, formatValue } from './figure-rows-columns'

type Props = {
  target: DrillTarget | null
  onClose: () => void
  /** Gives the focus back to what opened the rows. */
  onCloseAutoFocus?: (e: Event) => void
}

const PAGE_SIZES = [20, 50, 100]

/** Whether the rows' sum is the figure the screen shows, as the screen shows it. */
function agrees(answer: FigureRows, target: DrillTarget) {
  const { sum, unit } = answer
  if (sum == null || target.shown == null) return sum == null && target.shown == null
  return formatValue(sum, unit) === formatValue(target.shown, unit)
}

/** The line under the title: how many rows, their sum, and how the figure on screen follows from it. */
function Summary({ answer, target }: { answer: FigureRows; target: DrillTarget }) {
  const { t } = useTranslation('orders')
  const relation = target.relation ?? { kind: 'sum' }
  const sum = formatValue(answer.sum, answer.unit)
  const shown = target.shownText ?? formatValue(target.shown, answer.unit)
  const ok = relation.kind !== 'sum' || agrees(answer, target)
  const check =
    relation.kind === 'sum'
      ? t(ok ? 'drill.agrees' : 'drill.differs', { shown })
      : relation.kind === 'average'
        ? t('drill.average', { sum, spots: relation.spots, shown })
        : relation.kind === 'share'
          ? t('drill.share', { sum, total: answer.total, shown })
          : t('drill.from', { sum, shown })
  return (
    <p className="figure-rows__summary" role="status">
      <span>{t('drill.total', { count: answer.total })}</span>
      <span className="figure-rows__sum">{t(answer.unit === 'grpPerSpot' ? 'drill.statistic' : 'drill.sum', { sum })}</span>
      <span className={`figure-rows__check figure-rows__check--${ok ? 'ok' : 'off'}`}>{check}</span>
    </p>
  )
}

/**
 * The rows behind a figure (figureRows, docs/evaluation.md "Drill-down"): a page at a time, with their sum over
 * every page and whether it is the figure the screen shows; 导出 writes all of them with the sum.
 */
export function FigureRowsDialog({ target, onClose, onCloseAutoFocus }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const [page, setPage] = useState({ page: 1, limit: PAGE_SIZES[0] })
  // Each opening starts on the first page.
  const [seen, setSeen] = useState(target)
  if (seen !== target) {
    setSeen(target)
    setPage({ page: 1, limit: PAGE_SIZES[0] })
  }
  const rows = useFigureRows(target, page.page, page.limit)
  const exporter = useExportFigureRows()
  const answer = rows.data
  const columns = figureColumns(t, answer?.data ?? [], answer?.unit ?? 'grp')
  // Rows have no id of their own: a row's place on its page keys it.
  const place = new Map(answer?.data.map((r, i) => [r, i]))
  const footer = (
    <>
      <button type="button" className="btn" disabled={!target || exporter.isPending} aria-busy={exporter.isPending || undefined} onClick={() => target && exporter.mutate(target)}>
        {t('drill.export')}
      </button>
      <button type="button" className="btn btn--primary" onClick={onClose}>{t('common:close')}</button>
    </>
  )
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()} title={t('drill.title', { title: target?.title ?? '' })} width="86vw" footer={footer} onCloseAutoFocus={onCloseAutoFocus}>
      {target && (
        <div className="figure-rows">
          {answer && <Summary answer={answer} target={target} />}
          {answer?.note && <p className="figure-rows__note">{answer.note}</p>}
          <div className="figure-rows__table">
            <DataTable columns={columns} data={answer?.data} loading={rows.isFetching} rowKey={(r) => place.get(r) ?? 0} label={t('drill.rows')} emptyText={t('drill.empty')} />
          </div>
          <Pagination total={answer?.total ?? 0} page={page.page} pageSize={page.limit} pageSizes={PAGE_SIZES} onChange={(p, limit) => setPage({ page: p, limit })} />
        </div>
      )}
    </Dialog>
  )
}
