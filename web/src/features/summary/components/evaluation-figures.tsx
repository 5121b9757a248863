import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import { wordLabel } from '@/lib/i18n-server-labels'
import type { EvaluationFilter, FiguresRow } from '@/features/orders/api/evaluation-types'
import type { FigureName } from '@/features/orders/api/get-figure-rows'
import { FigureLink } from '@/features/orders/components/drill-down/drill-down'
import type { Relation } from '@/features/orders/components/drill-down/drill-down-context'
import { Figure, formatPercent, NONE } from '@/features/orders/components/order-figures'

type Props = {
  rows: FiguresRow[] | undefined
  loading: boolean
  orderId: number
  /** The side (1 客户 / 2 媒体: names the target column) and data the figures are of. */
  filter: EvaluationFilter
}

const LEVELS = ['Routine', 'Low', 'High'] as const
const LEVEL_LABEL = { Routine: 'normal', Low: 'low', High: 'high' } as const
const SUFFIX = { Routine: '', Low: 'Low', High: 'High' } as const
/**
 * The normal / low / high groups, in the spec's order; the last three are signed (a shortfall
 * shows red). Each opens its rows: expected its own, the rest the difference they follow from.
 */
const GROUPS = [
  { key: 'estimated', label: 'estimated', kind: 'grp', rows: 'expected' },
  { key: 'customerDifferences', label: 'difference', kind: 'grp', rows: 'difference' },
  { key: 'overbroadcast', label: 'overplay', kind: 'percent', rows: 'difference' },
  { key: 'numberOfTheaters', label: 'theatres', kind: 'count', rows: 'difference' },
] as const
const TOTAL = '合计'
const FLAT = 7

/** A whole count (theatres) signed in red when negative; null shows —. */
function Count({ value }: { value: number | null | undefined }) {
  if (value == null) return <span className="order-figure">{NONE}</span>
  return <span className={`order-figure${value < 0 ? ' order-figure--negative' : ''}`}>{value}</span>
}

/**
 * The evaluation's figures of one side (orderSummaryList, docs/evaluation.md "Figures per month"): a row per month of the
 * cycle and the total, each with the target, issued GRP, 正负三 and its %, the remaining spots,
 * and expected / difference / overplay % / theatres at normal, low and high expectations.
 */
export function EvaluationFigures({ rows, loading, orderId, filter }: Props) {
  const { t } = useTranslation('orders')
  const head = (key: string) => t(`evaluation.figures.${key}`)
  const targetHead = t(`evaluation.figures.target.${filter.belongingTo === '2' ? '2' : '1'}`)
  // A figure of a row that opens its rows: the month's, or the whole order's on 合计.
  const link = (r: FiguresRow, figure: FigureName, label: string, shown: number | null | undefined, body: ReactNode, relation?: Relation, shownText?: string) => (
    <FigureLink
      target={{ orderId, filter, figure, month: r.month === TOTAL ? undefined : r.month, title: `${wordLabel(t, 'summaryRow', r.month)} · ${label}`, shown, shownText, relation }}
    >
      {body}
    </FigureLink>
  )
  return (
    <div className="evaluation-figures" tabIndex={0} role="region" aria-label={head('scroll')}>
      <table className="table evaluation-figures__table" aria-label={head('title')} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{head('month')}</th>
            <th scope="col" rowSpan={2}>{targetHead}</th>
            <th scope="col" rowSpan={2}>{head('issued')}</th>
            <th scope="col" rowSpan={2}>{head('aired')}</th>
            <th scope="col" rowSpan={2}>{head('upsideDownThree')}</th>
            <th scope="col" rowSpan={2}>{head('upsideDownThreePer')}</th>
            <th scope="col" rowSpan={2}>{head('remaining')}</th>
            {GROUPS.map((g) => <th key={g.key} scope="colgroup" colSpan={3} className="evaluation-figures__group">{head(g.label)}</th>)}
          </tr>
          <tr>
            {GROUPS.flatMap((g) => LEVELS.map((l) => (
              <th key={`${g.key}${l}`} scope="col" aria-label={`${head(g.label)}${head(LEVEL_LABEL[l])}`}>{head(LEVEL_LABEL[l])}</th>
            )))}
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((r) => (
            <tr key={r.month} data-month={r.month} className={r.month === TOTAL ? 'evaluation-figures__total' : undefined}>
              <th scope="row">{wordLabel(t, 'summaryRow', r.month)}</th>
              <td>{link(r, 'target', targetHead, r.grp, <Figure value={r.grp} />)}</td>
              <td>{link(r, 'issuedGrp', head('issued'), r.IssuedGrp, <Figure value={r.IssuedGrp} />)}</td>
              <td className="order-figure">{link(r, 'airedSpots', head('aired'), r.airedSpots, r.airedSpots)}</td>
              <td className="order-figure" title={t('evaluation.figures.positioned', { count: r.positionedSpots })}>
                {link(r, 'upsideDownThree', head('upsideDownThree'), r.alreadyUpsideDownThree, r.alreadyUpsideDownThree)}
              </td>
              <td className="order-figure">
                {link(r, 'upsideDownThree', head('upsideDownThreePer'), r.alreadyUpsideDownThreePer, formatPercent(r.alreadyUpsideDownThreePer), { kind: 'share' }, formatPercent(r.alreadyUpsideDownThreePer))}
              </td>
              <td className="order-figure">
                {link(r, 'remaining', head('remaining'), r.remainingSpots, r.remainingSpots)}
                {r.unestimatedSpots > 0 &&
                  link(r, 'unestimated', head('unestimatedTitle'), r.unestimatedSpots, <span className="evaluation-figures__unestimated">{t('evaluation.figures.unestimated', { count: r.unestimatedSpots })}</span>)}
              </td>
              {GROUPS.flatMap((g) => LEVELS.map((l) => {
                const value = r[`${g.key}${l}`]
                const shown = g.kind === 'count' ? <Count value={value} /> : <Figure value={value} percent={g.kind === 'percent'} signed={g.key !== 'estimated'} />
                const figure = `${g.rows}${SUFFIX[l]}` as FigureName
                const derived = g.kind !== 'grp'
                const text = derived ? (g.kind === 'percent' ? formatPercent(value) : String(value ?? NONE)) : undefined
                // Overplay and theatres open the difference they are worked out from.
                const relation: Relation = derived ? { kind: 'from' } : { kind: 'sum' }
                const figureValue = derived ? r[`customerDifferences${l}`] : value
                return <td key={`${g.key}${l}`}>{link(r, figure, `${head(g.label)}${head(LEVEL_LABEL[l])}`, figureValue, shown, relation, text)}</td>
              }))}
            </tr>
          ))}
          {!rows?.length && (
            <tr>
              <td colSpan={FLAT + GROUPS.length * 3} className="summary-card__empty">{loading ? t('summary.loading') : head('empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
