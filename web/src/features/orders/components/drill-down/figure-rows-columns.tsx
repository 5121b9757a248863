import type { ReactNode } from 'react'
import type { Column } from '@/components/ui/data-table'
import { formatGrp } from '@/lib/grp'
import type { TFunction } from '@/lib/i18n'
import type { FigureRow, FigureRows } from '../../api/get-figure-rows'

type Unit = FigureRows['unit']

/** A figure's value in its unit: GRP as answered (3 or 4 decimals), spots whole; null shows —. */
export const formatValue = (value: number | null | undefined, unit: Unit) =>
  value == null ? '—' : unit === 'spots' ? String(value) : formatGrp(value)

type Candidate = { key: keyof FigureRow; render?: (r: FigureRow) => ReactNode; align?: 'right' }

/** The row fields a drill-down can show, in the order they read. */
function candidates(t: TFunction<'orders'>, unit: Unit): Candidate[] {
  const grp = (v: number | null | undefined) => (v == null ? '' : formatGrp(v))
  return [
    { key: 'kind', render: (r) => t(`drill.kinds.${r.kind}`) },
    // What each row adds to the sum, next to what it is: always in view, however wide the rest.
    { key: 'value', render: (r) => <span className="figure-rows__value">{formatValue(r.value, unit)}</span>, align: 'right' },
    { key: 'ymd' },
    { key: 'addTime' },
    { key: 'title' },
    { key: 'mediaFileName' },
    { key: 'timePeriodName' },
    { key: 'type' },
    {
      key: 'position',
      render: (r) => (r.position ? `${r.position}${r.topOrBottomThree ? t('drill.topThree') : ''}` : ''),
    },
    { key: 'grp', render: (r) => grp(r.grp), align: 'right' },
    { key: 'spots', align: 'right' },
    { key: 'point', align: 'right' },
    { key: 'aired', align: 'right' },
    { key: 'state', render: (r) => (r.state ? t(`drill.states.${r.state}`) : '') },
    { key: 'estimate', render: (r) => (r.kind === 'cell' && r.estimate == null ? t('drill.noEstimate') : grp(r.estimate)), align: 'right' },
    {
      key: 'certificate',
      render: (r) =>
        r.certificate?.length ? (
          <span className="figure-rows__certificate">
            {r.certificate.map((c, i) => <span key={i}>{t('drill.certificateLine', { time: c.addTime, version: c.version, num: c.num })}</span>)}
          </span>
        ) : (
          t('drill.noCertificate')
        ),
    },
    { key: 'note' },
  ]
}

/** The columns of a page of rows: only the fields some row of it has. */
export function figureColumns(t: TFunction<'orders'>, rows: FigureRow[], unit: Unit): Column<FigureRow>[] {
  const has = (key: keyof FigureRow) => key === 'value' || key === 'kind' || rows.some((r) => r[key] != null && r[key] !== '')
  return candidates(t, unit)
    .filter((c) => has(c.key))
    .map((c) => ({
      key: c.key,
      title: t(`drill.columns.${c.key}`),
      align: c.align,
      render: c.render ?? ((r: FigureRow) => (r[c.key] == null ? '' : String(r[c.key]))),
    }))
}
