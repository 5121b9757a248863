import { AxisBottom, AxisLeft, AxisRight, type TickRendererProps } from '@visx/axis'
import { localPoint } from '@visx/event'
import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { ChartTooltip, useTooltip } from '@/components/ui/chart-tooltip'
import { axisMax, countTicks, formatValue, isolated, labelStep, wrapLabel, type ChartSeries } from './chart-data'

export const PLOT_HEIGHT = 320
/** A character of an x label at the axis' 11 px is about this wide; labels keep a gap of GAP. */
const CHAR_WIDTH = 6.6
const GAP = 10
const AXIS = '#8c8f96'
const MARKERS_UP_TO = 60
/** Past this many buckets a series' bars are one path: thousands of elements made each brush step slow. */
const BAR_ELEMENTS_UP_TO = 120
/** The tooltip lists this many series at most; the table under the chart holds them all. */
export const TOOLTIP_ROWS = 12

type Props = {
  title: string
  width: number
  /** The buckets in the brush's window, and the visible series cut to it. */
  buckets: string[]
  series: ChartSeries[]
  /** How many buckets the whole range has. */
  total: number
  /** The axes' titles. */
  axes: { left: string; right?: string }
}

/** The plot's margins: room for the axes, on the right only when a series uses that axis. */
export const plotMargins = (right: boolean) => ({ top: 16, right: right ? 56 : 20, bottom: 58, left: 60 })

/**
 * Where a label of `width` centred on `x` sits so that it stays within `min`…`max` (the SVG's
 * edges in plot coordinates): the first and last buckets' labels are pulled in, not cut off.
 */
export function labelCenter(x: number, width: number, min: number, max: number): number {
  const half = width / 2
  return Math.max(min + half, Math.min(max - half, x))
}

/** A wrapped x label: one tspan per 10 characters, kept within the SVG. */
function WrappedTick({ x, y, formattedValue, min, max }: TickRendererProps & { min: number; max: number }) {
  const lines = wrapLabel(formattedValue ?? '')
  const cx = labelCenter(x, Math.max(0, ...lines.map((l) => l.length)) * CHAR_WIDTH, min, max)
  return (
    <text x={cx} y={y} textAnchor="middle" fontSize={11} fill="currentColor">
      {lines.map((line, i) => (
        <tspan key={i} x={cx} dy={i === 0 ? '0.6em' : '1.15em'}>{line}</tspan>
      ))}
    </text>
  )
}

/** Every bar of a series as one path of rectangles (a zero draws nothing). */
export function barsPath(values: readonly (number | null)[], left: (i: number) => number, width: number, y: (v: number) => number, bottom: number): string {
  let d = ''
  values.forEach((v, i) => {
    if (!v) return
    const top = y(v)
    if (bottom - top <= 0) return
    d += `M${left(i)},${top}h${width}V${bottom}h${-width}Z`
  })
  return d
}

/**
 * One chart: bars on the left axis side by side within a bucket, lines on their own axis
 * (left or right), a null breaking its line. Pointing at a bucket — or stepping to it with the
 * arrow keys once the chart has the focus — shows a tooltip with the bucket and each series'
 * value, and says the same to a screen reader.
 */
export function ChartPlot({ title, width, buckets, series, total, axes }: Props) {
  const { t } = useTranslation('dashboard')
  const hasRight = series.some((s) => s.axis === 'right')
  const m = plotMargins(hasRight)
  const innerWidth = Math.max(0, width - m.left - m.right)
  const innerHeight = PLOT_HEIGHT - m.top - m.bottom
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<number>()
  const [spoken, setSpoken] = useState('')
  // The brush may have moved the window under an open tooltip: its bucket may be gone.
  const hovered = tooltipOpen && tooltipData !== undefined && tooltipData < buckets.length ? tooltipData : undefined

  const scales = useMemo(() => {
    const x = scaleBand<string>({ domain: buckets.map((_, i) => String(i)), range: [0, innerWidth], paddingInner: 0.2, paddingOuter: 0.1 })
    const bars = series.filter((s) => s.mark === 'bar')
    const inner = scaleBand<string>({ domain: bars.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 })
    const counts = countTicks(axisMax(series, 'right'))
    return {
      x, bars, inner, counts,
      left: scaleLinear<number>({ domain: [0, axisMax(series, 'left') || 1], range: [innerHeight, 0], nice: true }),
      right: scaleLinear<number>({ domain: [0, counts.top], range: [innerHeight, 0] }),
    }
  }, [buckets, series, innerWidth, innerHeight])

  // Past a few dozen buckets the points' markers would crowd the line (and the page): only a
  // point between two gaps keeps its marker, since no line would show it.
  const markAll = buckets.length <= MARKERS_UP_TO
  const center = (i: number) => (scales.x(String(i)) ?? 0) + scales.x.bandwidth() / 2
  // As wide as the longest wrapped line (a run with years is 11 characters a line).
  const labelWidth = useMemo(() => Math.max(0, ...buckets.flatMap((b) => wrapLabel(b).map((l) => l.length))) * CHAR_WIDTH + GAP, [buckets])
  const step = labelStep(buckets.length, innerWidth, labelWidth)
  const tickValues = buckets.map((_, i) => String(i)).filter((_, i) => i % step === 0)

  const show = (i: number, top: number, speak = false) => {
    showTooltip({ tooltipData: i, tooltipLeft: m.left + center(i), tooltipTop: top })
    // Only a step taken with the keyboard is read out; the pointer's hover would chatter.
    if (speak) setSpoken(`${buckets[i]}${t('common:colon')}${series.map((s) => `${s.label} ${formatValue(s.values[i], s.decimals)}`).join(t('common:commaSeparator'))}`)
  }
  // Buckets are a step apart: the nearest centre is found by division, not by a scan.
  const nearest = (px: number) => Math.min(buckets.length - 1, Math.max(0, Math.round((px - center(0)) / (scales.x.step() || 1))))
  const onPointer = (e: PointerEvent<SVGRectElement>) => {
    const p = localPoint(e)
    if (p && buckets.length) show(nearest(p.x - m.left), p.y)
  }
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!buckets.length) return
    const at = hovered ?? -1
    const next = e.key === 'ArrowRight' ? Math.min(buckets.length - 1, at + 1) : e.key === 'ArrowLeft' ? Math.max(0, at < 0 ? 0 : at - 1)
      : e.key === 'Home' ? 0 : e.key === 'End' ? buckets.length - 1 : e.key === 'Escape' ? null : undefined
    if (next === undefined) return
    e.preventDefault()
    if (next === null) hideTooltip()
    else show(next, m.top + 8, true)
  }

  const y = (s: ChartSeries) => (s.axis === 'right' ? scales.right : scales.left)
  const description = t('plot', { chart: title, count: total, from: buckets[0] ?? '', to: buckets.at(-1) ?? '' })

  return (
    <>
    <div className="dash-plot" tabIndex={0} role="img" aria-label={description} onKeyDown={onKey} onBlur={hideTooltip}>
      <svg width={width} height={PLOT_HEIGHT} aria-hidden="true" focusable="false">
        <Group left={m.left} top={m.top}>
          <GridRows scale={scales.left} width={innerWidth} numTicks={5} stroke="var(--color-border-light)" />
          {hovered !== undefined && (
            <rect className="dash-plot__hover" x={scales.x(String(hovered))} y={0} width={scales.x.bandwidth()} height={innerHeight} />
          )}
          {buckets.length <= BAR_ELEMENTS_UP_TO
            ? buckets.map((_, i) =>
                scales.bars.map((s) => {
                  const v = s.values[i] ?? 0
                  const top = scales.left(v)
                  return (
                    <Bar key={`${s.key}-${i}`} x={(scales.x(String(i)) ?? 0) + (scales.inner(s.key) ?? 0)} y={top} width={scales.inner.bandwidth()}
                      height={Math.max(0, innerHeight - top)} fill={s.color} data-series={s.key} />
                  )
                }),
              )
            : scales.bars.map((s) => (
                <path key={s.key} d={barsPath(s.values, (i) => (scales.x(String(i)) ?? 0) + (scales.inner(s.key) ?? 0), scales.inner.bandwidth(), scales.left, innerHeight)}
                  fill={s.color} data-series={s.key} />
              ))}
          {series.filter((s) => s.mark === 'line').map((s) => (
            <g key={s.key} data-series={s.key}>
              {/* A halo in the panel's colour: a product's line stays visible over its own bars. */}
              {scales.bars.length > 0 && (
                <LinePath<number | null> data={s.values} x={(_, i) => center(i)} y={(v) => y(s)(v ?? 0)} defined={(v) => v !== null}
                  stroke="var(--color-panel)" strokeWidth={5} strokeLinejoin="round" />
              )}
              <LinePath<number | null> data={s.values} x={(_, i) => center(i)} y={(v) => y(s)(v ?? 0)} defined={(v) => v !== null}
                stroke={s.color} strokeWidth={2} strokeDasharray={s.axis === 'right' ? '6 3' : undefined} />
              {s.values.map((v, i) => v !== null && (markAll || isolated(s.values, i)) && (
                <circle key={i} cx={center(i)} cy={y(s)(v)} r={3} fill="var(--color-panel)" stroke={s.color} strokeWidth={2} />
              ))}
            </g>
          ))}
          <AxisLeft scale={scales.left} numTicks={5} stroke={AXIS} tickStroke={AXIS} label={axes.left} labelOffset={40}
            tickLabelProps={{ fontSize: 11, fill: 'currentColor' }} labelProps={{ fontSize: 12, fill: 'currentColor', textAnchor: 'middle' }} />
          {hasRight && (
            <AxisRight left={innerWidth} scale={scales.right} tickValues={scales.counts.ticks} stroke={AXIS} tickStroke={AXIS} label={axes.right} labelOffset={36}
              tickFormat={(v) => String(v)}
              tickLabelProps={{ fontSize: 11, fill: 'currentColor' }} labelProps={{ fontSize: 12, fill: 'currentColor', textAnchor: 'middle' }} />
          )}
          <AxisBottom top={innerHeight} scale={scales.x} tickValues={tickValues} tickFormat={(v) => buckets[Number(v)]} stroke={AXIS} tickStroke={AXIS}
            tickComponent={(tick) => <WrappedTick {...tick} min={-m.left} max={innerWidth + m.right} />} />
          <rect width={innerWidth} height={innerHeight} fill="transparent" onPointerMove={onPointer} onPointerLeave={hideTooltip} />
        </Group>
      </svg>
      {hovered !== undefined && (
        <ChartTooltip left={tooltipLeft} top={tooltipTop} className="dash-tooltip">
          <strong className="dash-tooltip__label">{buckets[hovered]}</strong>
          <ul>
            {series.slice(0, TOOLTIP_ROWS).map((s) => (
              <li key={s.key}>
                <span className="dash-swatch" style={{ background: s.color }} aria-hidden="true" />
                {s.label}{t('common:colon')}<b>{formatValue(s.values[hovered], s.decimals)}</b>
              </li>
            ))}
          </ul>
          {series.length > TOOLTIP_ROWS && <p className="dash-tooltip__more">{t('tooltipMore', { count: series.length - TOOLTIP_ROWS })}</p>}
        </ChartTooltip>
      )}
    </div>
    <p className="visually-hidden" aria-live="polite">{spoken}</p>
    </>
  )
}
