import { Tooltip } from '@/components/ui/tooltip'
import { formatGrp as grp } from '@/lib/grp'
import { useTranslation } from '@/lib/i18n'
import type { FigureName } from '../api/get-figure-rows'
import type { Order } from '../api/get-orders'
import { FigureLink } from './drill-down/drill-down'
import type { DrillTarget, Relation } from './drill-down/drill-down-context'

/** A figure missing (no target, nothing aired yet …). */
export const NONE = '—'

/** GRP as answered (3 or 4 decimals, `lib/grp`); null shows —. */
export const formatGrp = (n: number | null | undefined) => grp(n, NONE)

/** A percentage with 2 decimals and %; null shows —. */
export const formatPercent = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? `${n.toFixed(2)}%` : NONE)

/** A figure in its cell: negative ones (a shortfall) in red when `signed`. */
export function Figure({ value, percent, signed }: { value: number | null | undefined; percent?: boolean; signed?: boolean }) {
  const negative = signed && typeof value === 'number' && value < 0
  return <span className={`order-figure${negative ? ' order-figure--negative' : ''}`}>{percent ? formatPercent(value) : formatGrp(value)}</span>
}

type Side = 'customer' | 'media'

/** A figure of an order row's side block, as its drill-down opens it: the whole order, the side's data. */
export function orderTarget(row: Order, side: Side, figure: FigureName, title: string, shown: number | null | undefined, relation?: Relation, shownText?: string): DrillTarget {
  const filter = { belongingTo: side === 'customer' ? '1' : '2', category: '', source: '' }
  return { orderId: row.id, figure, filter, title: `${row.productName} · ${title}`, shown, relation, shownText }
}

/** 更新中: the row's figures are the previous lake version's while the new ones are computed. */
export function Recomputing() {
  const { t } = useTranslation('orders')
  return (
    <span className="tag tag--info order-recomputing" title={t('recomputingHint')}>
      {t('recomputing')}
    </span>
  )
}

/**
 * 预计完成: the expected completion, its parts in the native tooltip, and a badge when
 * remaining spots have no estimate yet (they add nothing until one is set).
 */
export function ExpectedFigure({ row, side, title }: { row: Order; side: Side; title: string }) {
  const { t } = useTranslation('orders')
  const unestimated = row[`${side}UnestimatedSpots`]
  const detail = t('expectedDetail', {
    issued: formatGrp(row[`${side}IssuedGrp`]),
    spots: row[`${side}AiredSpots`],
    low: formatGrp(row[`${side}ExpectedLow`]),
    high: formatGrp(row[`${side}ExpectedHigh`]),
  })
  const hint = t('unestimated', { count: unestimated })
  return (
    <span className="order-expected">
      {row.recomputing && <Recomputing />}
      <FigureLink target={orderTarget(row, side, 'expected', title, row[`${side}ExpectedCompletion`])}>
        <span className="order-figure" title={detail}>{formatGrp(row[`${side}ExpectedCompletion`])}</span>
      </FigureLink>
      {unestimated > 0 && (
        <Tooltip content={hint} side="top">
          <span className="tag tag--warning order-expected__badge" tabIndex={0} role="note" aria-label={hint}>
            {unestimated}
          </span>
        </Tooltip>
      )}
    </span>
  )
}
