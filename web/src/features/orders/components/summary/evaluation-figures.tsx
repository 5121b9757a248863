import { useTranslation } from '@/lib/i18n'
import type { FiguresRow } from '../../api/evaluation-types'
import { Figure, formatPercent, NONE } from '../order-figures'

type Props = {
  rows: FiguresRow[] | undefined
  loading: boolean
  /** 1 客户 / 2 媒体: names the target column. */
  belongingTo: string
}

const LEVELS = ['Routine', 'Low', 'High'] as const
const LEVEL_LABEL = { Routine: 'normal', Low: 'low', High: 'high' } as const
/** The normal / low / high groups, in the spec's order; the last three are signed (a shortfall shows red). */
const GROUPS = [
  { key: 'estimated', label: 'estimated', kind: 'grp' },
  { key: 'customerDifferences', label: 'difference', kind: 'grp' },
  { key: 'overbroadcast', label: 'overplay', kind: 'percent' },
  { key: 'numberOfTheaters', label: 'theatres', kind: 'count' },
] as const
const FLAT = 7

/** A whole count (theatres) signed in red when negative; null shows —. */
function Count({ value }: { value: number | null | undefined }) {
  if (value == null) return <span className="order-figure">{NONE}</span>
  return <span className={`order-figure${value < 0 ? ' order-figure--negative' : ''}`}>{value}</span>
}

/**
 * The evaluation's figures of one side (orderSummaryList, DESIGN §5.3): a row per month of the
 * cycle and the total, each with the target, issued GRP, 正负三 and its %, the remaining spots,
 * and expected / difference / overplay % / theatres at normal, low and high expectations.
 */
export function EvaluationFigures({ rows, loading, belongingTo }: Props) {
  const { t } = useTranslation('orders')
  const head = (key: string) => t(`evaluation.figures.${key}`)
  return (
    <div className="evaluation-figures" tabIndex={0} role="region" aria-label={head('scroll')}>
      <table className="table evaluation-figures__table" aria-label={head('title')} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>{head('month')}</th>
            <th scope="col" rowSpan={2}>{t(`evaluation.figures.target.${belongingTo === '2' ? '2' : '1'}`)}</th>
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
            <tr key={r.month} data-month={r.month} className={r.month === '合计' ? 'evaluation-figures__total' : undefined}>
              <th scope="row">{r.month}</th>
              <td><Figure value={r.grp} /></td>
              <td><Figure value={r.IssuedGrp} /></td>
              <td className="order-figure">{r.airedSpots}</td>
              <td className="order-figure" title={t('evaluation.figures.positioned', { count: r.positionedSpots })}>{r.alreadyUpsideDownThree}</td>
              <td className="order-figure">{formatPercent(r.alreadyUpsideDownThreePer)}</td>
              <td className="order-figure">
                {r.remainingSpots}
                {r.unestimatedSpots > 0 && <span className="evaluation-figures__unestimated">{t('evaluation.figures.unestimated', { count: r.unestimatedSpots })}</span>}
              </td>
              {GROUPS.flatMap((g) => LEVELS.map((l) => {
                const value = r[`${g.key}${l}`]
                return (
                  <td key={`${g.key}${l}`}>
                    {g.kind === 'count' ? <Count value={value} /> : <Figure value={value} percent={g.kind === 'percent'} signed={g.key !== 'estimated'} />}
                  </td>
                )
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
