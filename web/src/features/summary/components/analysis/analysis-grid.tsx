import { useTranslation } from '@/lib/i18n'
import type { AnalysisSpot } from '../../api/get-data-analysis'
import { grp, isEmptyCell, type AnalysisRow } from './analysis-model'

export type Side = 'm' | 'c'
/** The media side first, as the spec lists them (媒, then 客). */
const SIDES: Side[] = ['m', 'c']

type Props = {
  labels: string[]
  rows: AnalysisRow[]
  onSpot: (spot: AnalysisSpot, side: Side, from: HTMLElement) => void
}

/**
 * The analysis grid: a row per air-time slot, a column per bucket; each cell the media-side and
 * customer-side spot (title and GRP), or '暂无点位数据'. The slot column stays in view while the
 * buckets scroll sideways; each spot is a button that opens its details.
 */
export function AnalysisGrid({ labels, rows, onSpot }: Props) {
  const { t } = useTranslation('orders')
  return (
    <div className="analysis-grid" role="region" aria-label={t('summary.analysis.grid')} tabIndex={0}>
      <table className="analysis-grid__table">
        <thead>
          <tr>
            <th scope="col" className="analysis-grid__slot">{t('summary.analysis.slot')}</th>
            {/* Keyed by position: labels are the server's. */}
            {labels.map((label, i) => <th key={i} scope="col">{label}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.slot} data-slot={row.slot}>
              <th scope="row" className="analysis-grid__slot">{row.slot}</th>
              {row.cells.map((cell, i) => (
                <td key={i} data-label={cell.label}>
                  {isEmptyCell(cell) ? (
                    <span className="analysis-grid__empty">{t('summary.analysis.empty')}</span>
                  ) : (
                    SIDES.map((side) => <SpotButton key={side} side={side} spot={cell[side]} onSpot={onSpot} />)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type SpotProps = { side: Side; spot: AnalysisSpot | null; onSpot: Props['onSpot'] }

function SpotButton({ side, spot, onSpot }: SpotProps) {
  const { t } = useTranslation('orders')
  const mark = <span className={`analysis-spot__side analysis-spot__side--${side}`} title={t(`summary.analysis.sideName.${side}`)}>{t(`summary.analysis.side.${side}`)}</span>
  if (!spot) {
    return (
      <span className="analysis-spot analysis-spot--none" data-side={side}>
        {mark}{' '}
        <span className="analysis-spot__title">{t('summary.analysis.none')}</span>
      </span>
    )
  }
  // The name is what the button shows (the slot and day are its row's and column's headers);
  // the spaces keep the parts apart when read, the grid layout ignores them.
  return (
    <button type="button" className="analysis-spot" data-side={side} onClick={(e) => onSpot(spot, side, e.currentTarget)}>
      {mark}{' '}
      <span className="analysis-spot__title" title={spot.title}>{spot.title}</span>{' '}
      <span className="analysis-spot__grp">{grp(spot.maoDianPing)}</span>
      {spot.count > 1 && <>{' '}<span className="analysis-spot__count">{t('summary.analysis.count', { count: spot.count })}</span></>}
    </button>
  )
}
