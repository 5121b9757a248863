import { useMemo } from 'react'
import { useTranslation } from '@/lib/i18n'
import { tableRows, type ChartSeries } from './chart-data'

type Props = {
  caption: string
  buckets: string[]
  /** The series the legend shows; the table always holds the whole range. */
  series: ChartSeries[]
}

/** A chart's figures for those who would rather read them: a row per bucket, a column per series. */
export function ChartTable({ caption, buckets, series }: Props) {
  const { t } = useTranslation('dashboard')
  const rows = useMemo(() => tableRows(buckets, series), [buckets, series])
  return (
    // Scrolls on its own past a dozen rows; focusable so the keyboard can scroll it.
    <div className="dash-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bucket')}</th>
            {series.map((s) => <th key={s.key} scope="col">{s.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {/* Keyed by position: labels are the server's and need not be unique. */}
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row">{r.label}</th>
              {r.cells.map((c, i) => <td key={series[i].key}>{c}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
