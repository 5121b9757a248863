import type { ChartSeries } from './chart-data'

type Props = {
  label: string
  series: ChartSeries[]
  hidden: ReadonlySet<string>
  onToggle: (key: string) => void
}

/**
 * The series of a chart as toggle buttons: pressed while the series is shown. A bar's swatch
 * is a square, a line's a stroke (dashed on the right axis), as the chart draws them.
 */
export function ChartLegend({ label, series, hidden, onToggle }: Props) {
  return (
    <ul className="dash-legend" aria-label={label}>
      {series.map((s) => (
        <li key={s.key}>
          <button type="button" className="dash-legend__item" aria-pressed={!hidden.has(s.key)} onClick={() => onToggle(s.key)}>
            <span
              className={`dash-swatch dash-swatch--${s.mark}${s.axis === 'right' ? ' dash-swatch--dashed' : ''}`}
              style={{ ['--swatch' as string]: s.color }}
              aria-hidden="true"
            />
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  )
}
