import { useParentSize } from '@visx/responsive'
import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { ChartBrush } from './chart-brush'
import { initialWindow, sameWindow, windowed, type BucketWindow, type ChartSeries } from './chart-data'
import { ChartLegend } from './chart-legend'
import { ChartPlot, PLOT_HEIGHT, plotMargins } from './chart-plot'
import { ChartTable } from './chart-table'

type Props = {
  title: string
  /** Every bucket label of the answer (undefined before the first answer). */
  buckets: string[] | undefined
  series: ChartSeries[]
  loading: boolean
  /** Why there is no answer (the server's message), shown where the chart would be. */
  error?: string
  /** The axes' titles. */
  axes: { left: string; right?: string }
}

// A brush step re-renders the card: the legend and the table (thousands of rows on a long
// range by day) only when their own props change.
const Legend = memo(ChartLegend)
const Table = memo(ChartTable)

/**
 * A chart card: its title, the legend (hides and shows series), the chart at the card's width
 * with the brush under it, and the figures as a table. A new answer starts over: every series
 * shown, the brush back at its start (initialSelection).
 */
export function ChartPanel(props: Props) {
  // Keyed by the answer: legend and brush state belong to one set of figures.
  return <ChartCard key={props.buckets === undefined ? 'none' : `${props.buckets.join('|')}#${props.series.map((s) => s.key).join('|')}`} {...props} />
}

function ChartCard({ title, buckets = [], series, loading, error, axes }: Props) {
  const { t } = useTranslation('dashboard')
  const headingId = useId()
  const { parentRef, width } = useParentSize({ debounceTime: 100, ignoreDimensions: ['height', 'top', 'left'] })
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  // The brush starts on every bucket, or on the newest 70 % past 12.
  const [view, setView] = useState<BucketWindow>(() => initialWindow(buckets.length))
  // The brush follows the key or the pointer at once; the plot of a long range catches up.
  const plotView = useDeferredValue(view)
  // The brush reports the window it was just given too: an equal window changes nothing.
  const onView = useCallback((next: BucketWindow) => setView((w) => (sameWindow(w, next) ? w : next)), [])

  const visible = useMemo(() => series.filter((s) => !hidden.has(s.key)), [series, hidden])
  const shown = useMemo(() => visible.map((s) => windowed(s, plotView)), [visible, plotView])
  const plotBuckets = useMemo(() => buckets.slice(plotView.start, plotView.end), [buckets, plotView])
  const toggle = useCallback(
    (key: string) =>
      setHidden((h) => {
        const next = new Set(h)
        if (!next.delete(key)) next.add(key)
        return next
      }),
    [],
  )
  // No bucket: nothing was aired in the range (the answer ends at its last bucket with data,
  // docs/dashboard.md "Buckets (`timeType`)", so products asked for by name come back without one). A bucket with a spot
  // measured at 0 GRP is data, drawn at 0. What was shown stays shown under the loading veil,
  // so an empty answer stays empty.
  const empty = buckets.length === 0 || series.length === 0

  return (
    <section className="card dash-chart" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="dash-chart__title">{title}</h2>
      {!empty && series.length > 0 && <Legend label={t('legend', { chart: title })} series={series} hidden={hidden} onToggle={toggle} />}
      <div className="dash-chart__body" ref={parentRef} style={{ minHeight: PLOT_HEIGHT }}>
        {error && !loading ? (
          <p className="dash-chart__empty dash-chart__error" role="alert">{error}</p>
        ) : empty ? (
          <p className="dash-chart__empty">{loading ? '' : t('empty')}</p>
        ) : visible.length === 0 ? (
          <p className="dash-chart__empty">{t('allHidden')}</p>
        ) : (
          width > 0 && (
            <>
              <ChartPlot title={title} width={width} buckets={plotBuckets} series={shown} total={buckets.length} axes={axes} />
              <ChartBrush title={title} width={width} buckets={buckets} series={visible} value={view} onChange={onView} sides={plotMargins(shown.some((s) => s.axis === 'right'))} />
            </>
          )
        )}
        {loading && <div className="dash-chart__loading" role="status">{t('loading')}</div>}
      </div>
      {!empty && visible.length > 0 && !(error && !loading) && <Table caption={t('table', { chart: title })} buckets={buckets} series={visible} />}
    </section>
  )
}
