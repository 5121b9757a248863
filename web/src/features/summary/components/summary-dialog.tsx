import { useMemo, useRef, useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import type { Order } from '@/features/orders/api/get-orders'
import { useOrderTime } from '../api/get-order-time'
import { DEFAULT_FILTER, useSummaryGrid, type SummaryFilter } from '../api/get-summary-grid'
import { CustomerDataDialog } from '@/features/orders/components/customer-data-dialog'
import { DrillScope } from '@/features/orders/components/drill-down/drill-down-context'
import { AnalysisMode } from './analysis/analysis-mode'
import { CollectMode } from './collect-mode'
import { SummaryDialogs, type SummaryAction } from './summary-dialogs'
import { currentMonth, SummaryLegend, SummaryMonths } from './summary-grid-months'
import { SummaryToolbar, type MonthStyle, type SummaryMode } from './summary-toolbar'
import { useBatchSelection } from './use-batch-selection'
import { useRefreshSummary } from './use-refresh-summary'
import { ViewingDialog } from './viewing-dialog'
import './summary.css'

type Props = { order: Order | null; onClose: () => void }

/**
 * 汇总 (docs/screens.md "Summary dialog", docs/evaluation.md "The summary dialog (汇总)"): the order's summary in three modes — 汇总 (collect, the
 * default), 月份 (the month grid, merged or split) and 数据分析 (analysis/, docs/api.md "Data analysis and the spot curve") — under
 * one toolbar, optionally full screen. Closing resets it to 汇总. The point dialogs open from the
 * grid through `SummaryDialogs`.
 */
export function SummaryDialog({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const orderId = order?.id ?? null
  const [mode, setMode] = useState<SummaryMode>('collect')
  const [style, setStyle] = useState<MonthStyle>('merged')
  const [full, setFull] = useState(false)
  const [filter, setFilter] = useState<SummaryFilter>(DEFAULT_FILTER)
  const [month, setMonth] = useState('')
  const [action, setAction] = useState<SummaryAction>(null)
  const [customerData, setCustomerData] = useState(false)
  const [viewing, setViewing] = useState(false)
  const viewingButton = useRef<HTMLButtonElement>(null)
  // The 客户数据 button of 汇总 mode, which the focus goes back to.
  const customerOrigin = useRef<HTMLElement | null>(null)
  // The grid box the open cell dialog's action came from (null: a toolbar button, which Radix returns to).
  const origin = useRef<HTMLElement | null>(null)
  const act = (next: SummaryAction, from: HTMLElement | null = null) => {
    origin.current = from
    setAction(next)
  }
  // The grid's active cell is the one the action came from (a click, Enter or the menu set it);
  // the box's own focus handler moves to that cell when it is scrolled away.
  const returnFocus = () => {
    const box = origin.current
    if (!box?.isConnected) return false
    const cell = box.querySelector<HTMLElement>('[data-row][data-col][tabindex="0"]')
    ;(cell ?? box).focus({ preventScroll: true })
    return true
  }
  // The grid's figures open their rows of this order on the data the toolbar chose.
  const drillScope = useMemo(() => (orderId === null ? null : { orderId, filter }), [orderId, filter])
  const grid = useSummaryGrid(orderId, filter, mode !== 'analysis')
  const time = useOrderTime(orderId)
  const { refresh, refreshing } = useRefreshSummary(orderId)
  const months = grid.data
  const { selection, batch, toggle, unselect, clear } = useBatchSelection(months)
  const shownMonth = currentMonth(months ?? [], month)

  const close = () => {
    setMode('collect')
    clear()
    setAction(null)
    setCustomerData(false)
    setViewing(false)
    onClose()
  }
  // The batch is of one month's cells: another month, style or filter starts it afresh.
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    clear()
    set(v)
  }

  const title = order ? t('summary.title', { id: order.id, product: order.productName }) : ''
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => !next && close()}
      title={title}
      width={full ? '100vw' : '94vw'}
      footer={null}
    >
      {order && (
        <div className={`summary${full ? ' summary--full' : ''}`} data-mode={mode}>
          <SummaryToolbar
            orderId={order.id}
            mode={mode}
            onMode={setMode}
            style={style}
            onStyle={reset(setStyle)}
            filter={filter}
            onFilter={reset(setFilter)}
            onRefresh={() => void refresh()}
            refreshing={refreshing || grid.isFetching}
            assessment={time.data?.estimateTime ?? ''}
            full={full}
            onFull={() => setFull((f) => !f)}
          />
          {mode === 'month' && (
            <div className="summary__actions">
              {style === 'merged' && (
                <>
                  <button type="button" className="btn btn--small" disabled={!shownMonth} onClick={() => act({ kind: 'addSlot', month: shownMonth })}>
                    {t('summary.addSlot')}
                  </button>
                  <button type="button" className="btn btn--small" disabled={batch.length === 0} onClick={() => act({ kind: 'batch', items: batch })}>
                    {t('summary.batch', { count: batch.length })}
                  </button>
                  <span className="summary__hint">{t('summary.batchHint')}</span>
                </>
              )}
              <SummaryLegend />
            </div>
          )}
          <DrillScope.Provider value={drillScope}>
            <div className="summary__body">
              {mode === 'collect' && (
                <CollectMode order={order} months={months} loading={grid.isFetching} filter={filter} onCustomerData={() => {
                    customerOrigin.current = document.activeElement as HTMLElement | null
                    setCustomerData(true)
                  }} />
              )}
              {mode === 'month' &&
                (months?.length ? (
                  <SummaryMonths
                    months={months}
                    style={style}
                    month={shownMonth}
                    onMonth={reset(setMonth)}
                    onAction={act}
                    selection={selection}
                    onToggle={toggle}
                  />
                ) : (
                  <div className="order-dialog-empty" aria-busy={grid.isFetching || undefined}>
                    {grid.isFetching ? t('common:loading') : t('summary.grid.noSchedule')}
                  </div>
                ))}
              {mode === 'analysis' && <AnalysisMode order={order} filter={filter} viewingRef={viewingButton} onViewing={() => setViewing(true)} />}
            </div>
          </DrillScope.Provider>
          <SummaryDialogs orderId={order.id} month={shownMonth} action={action} onClose={() => setAction(null)} returnFocus={returnFocus} onBatchWritten={unselect} />
          <CustomerDataDialog order={customerData ? order : null} initial={filter} onClose={() => setCustomerData(false)} returnTo={customerOrigin} />
          <ViewingDialog orderId={order.id} mediaId={order.mediaId} filter={filter} open={viewing} onClose={() => setViewing(false)} returnTo={viewingButton} />
        </div>
      )}
    </Dialog>
  )
}
