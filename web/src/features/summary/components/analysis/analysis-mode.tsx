import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import { useTranslation } from '@/lib/i18n'
import type { Order } from '@/features/orders/api/get-orders'
import type { SummaryFilter } from '../../api/get-summary-grid'
import { useDataAnalysis, type AnalysisSpot } from '../../api/get-data-analysis'
import { AnalysisGrid, type Side } from './analysis-grid'
import { analysisArgs, analysisRows, ANALYSIS_PAGE_SIZE, clampPage, defaultQuery, queryProblem, withSpotsOnly, type AnalysisQuery } from './analysis-model'
import { AnalysisToolbar } from './analysis-toolbar'
import { PointDialog } from './point-dialog'
import { useOpeningWeek } from './use-opening-week'
import './analysis.css'

type Props = {
  order: Order
  /** The summary toolbar's filters: their category and source apply here too. */
  filter: SummaryFilter
  viewingRef: RefObject<HTMLButtonElement | null>
  onViewing: () => void
}

/**
 * 数据分析 (docs/screens.md "Master-data screens", docs/api.md "Data analysis and the spot curve"): the toolbar's query, searched on opening with the order's
 * own product, group and cycle — or, when the cycle has no spot, the latest week with one
 * (useOpeningWeek); the grid of slots by bucket, 10 slots a page; a spot opens its details. The
 * toolbar edits a draft, 搜索 applies it from page 1.
 */
export function AnalysisMode({ order, filter, viewingRef, onViewing }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const [draft, setDraft] = useState(() => defaultQuery(order))
  const [applied, setApplied] = useState<AnalysisQuery>(draft)
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<{ spot: AnalysisSpot; side: Side } | null>(null)
  // Long ranges by day are mostly empty columns: the page's days with a spot alone, on request.
  const [spotsOnly, setSpotsOnly] = useState(false)
  // Each search starts the grid over at its top left (a new range has other columns).
  const [searches, setSearches] = useState(0)
  const origin = useRef<HTMLElement | null>(null)

  const args = queryProblem(applied) ? null : analysisArgs(applied, filter, order.mediaId, page)
  const query = useDataAnalysis(args)
  const answer = query.data
  const total = answer?.total ?? 0
  const rows = analysisRows(answer)

  const moveTo = useCallback((from: string, to: string) => {
    setDraft((d) => ({ ...d, from, to }))
    setApplied((a) => ({ ...a, from, to }))
    setPage(1)
    setSearches((n) => n + 1)
  }, [])
  const who = args && { category: args.category, source: args.source, productId: args.productId, defaultId: args.defaultId, mediaId: args.mediaId }
  const opening = useOpeningWeek({ who, answer: query.isPlaceholderData ? undefined : answer, moveTo })

  // Fewer slots than the page assumed (another filter, data deleted): the last page instead.
  useEffect(() => {
    if (answer && !query.isPlaceholderData && page !== clampPage(page, answer.total)) setPage(clampPage(page, answer.total))
  }, [answer, query.isPlaceholderData, page])

  const search = () => {
    const problem = queryProblem(draft)
    if (problem) {
      toast.warning(t(`summary.analysis.invalid.${problem}`))
      return
    }
    const same = JSON.stringify(draft) === JSON.stringify(applied) && page === 1
    opening.searched()
    setApplied(draft)
    setPage(1)
    setSearches((n) => n + 1)
    // The same query again still asks the server: new data may have been imported since.
    if (same) void query.refetch()
  }
  const onSpot = useCallback((spot: AnalysisSpot, side: Side, from: HTMLElement) => {
    origin.current = from
    setOpen({ spot, side })
  }, [])

  let body
  if (!args) body = <div className="order-dialog-empty">{t(`summary.analysis.invalid.${queryProblem(applied)}`)}</div>
  // An empty cycle is not shown while the latest week with a spot is looked for.
  else if (query.isPending || (opening.state === 'opening' && rows.length === 0 && !query.isError)) {
    body = <div className="order-dialog-empty" aria-busy="true">{t('common:loading')}</div>
  }
  else if (query.isError && !answer) {
    // A query the server refused (4000: its message says why) fails again as it is: no 重试.
    const refused = query.error instanceof ApiError && query.error.code === Code.Validation
    body = (
      <div className="order-dialog-empty" role="alert">
        <p>{refused ? query.error.message : t('summary.analysis.failed')}</p>
        {!refused && <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>{t('summary.analysis.retry')}</button>}
      </div>
    )
  } else if (rows.length === 0) {
    body = <div className="order-dialog-empty">{t(opening.state === 'none' ? 'summary.analysis.noSpotsYet' : 'summary.analysis.noSlots')}</div>
  }
  else {
    const shown = spotsOnly ? withSpotsOnly(answer?.time ?? [], rows) : { labels: answer?.time ?? [], rows }
    body = <AnalysisGrid key={searches} labels={shown.labels} rows={shown.rows} onSpot={onSpot} />
  }

  return (
    <div className="analysis">
      <AnalysisToolbar order={order} draft={draft} onDraft={setDraft} onSearch={search} viewingRef={viewingRef} onViewing={onViewing} />
      {opening.state === 'week' && (
        <p className="analysis__moved" role="status">
          {t('summary.analysis.lastWeek', { cycleFrom: order.cycleTimeAdd, cycleTo: order.cycleTimeEnd, from: applied.from, to: applied.to })}
        </p>
      )}
      <div className="analysis__bar">
        <p className="summary__hint">{t('summary.analysis.hint')}</p>
        <label className="analysis__spots-only">
          <input type="checkbox" checked={spotsOnly} onChange={(e) => setSpotsOnly(e.target.checked)} />
          {t('summary.analysis.spotsOnly')}
        </label>
      </div>
      <div className="analysis__body" aria-busy={(args !== null && query.isFetching) || undefined}>{body}</div>
      {total > 0 && (
        <Pagination total={total} page={page} pageSize={ANALYSIS_PAGE_SIZE} pageSizes={[ANALYSIS_PAGE_SIZE]} onChange={(next) => setPage(next)} />
      )}
      <PointDialog spot={open?.spot ?? null} side={open?.side ?? 'm'} onClose={() => setOpen(null)} returnTo={origin} />
    </div>
  )
}
