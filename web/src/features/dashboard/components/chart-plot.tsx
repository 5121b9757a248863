import { AxisBottom, AxisLeft, AxisRight, type TickRendererProps } from '@visx/axis'
import { localPoint } from '@visx/event'
import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { ChartTooltip, useTooltip } from '@/components/ui/chart-tooltip'
import { useTranslation } from '@/lib/i18n'
import { axisMax, formatValue, isolated, labelStep, wrapLabel, type ChartSeries } from './chart-data'

export const PLOT_HEIGHT = 320
/** A wrapped label line of 10 characters at the axis' 11 px is about this wide. */
const LABEL_WIDTH = 72
const AXIS = '#8c8f96'
const MARKERS_UP_TO = 60

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

/** A wrapped x label: one tspan per 10 characters. */
function WrappedTick({ x, y, formattedValue }: TickRendererProps) {
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={11} fill="currentColor">
      {wrapLabel(formattedValue ?? '').map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? '0.6em' : '1.15em'}>{line}</tspan>
      ))}
    </text>
  )
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
    const y = (axis: ChartSeries['axis']) => scaleLinear<number>({ domain: [0, axisMax(series, axis) || 1], range: [innerHeight, 0], nice: true })
    return { x, bars, inner, left: y('left'), right: y('right') }
  }, [buckets, series, innerWidth, innerHeight])

  // Past a few dozen buckets the points' markers would crowd the line (and the page): only a
  // point between two gaps keeps its marker, since no line would show it.
  const markAll = buckets.length <= MARKERS_UP_TO
  const center = (i: number) => (scales.x(String(i)) ?? 0) + scales.x.bandwidth() / 2
  const step = labelStep(buckets.length, innerWidth, LABEL_WIDTH)
  const tickValues = buckets.map((_, i) => String(i)).filter((_, i) => i % step === 0)

  const show = (i: number, top: number, speak = false) => {
    showTooltip({ tooltipData: i, tooltipLeft: m.left + center(i), tooltipTop: top })
    // Only a step taken with the keyboard is read out; the pointer's hover would chatter.
    if (speak) setSpoken(`${buckets[i]}：${series.map((s) => `${s.label} ${formatValue(s.values[i], s.decimals)}`).join('，')}`)
  }
  const nearest = (px: number) => {
    let best = 0
    for (let i = 1; i < buckets.length; i++) if (Math.abs(center(i) - px) < Math.abs(center(best) - px)) best = i
    return best
  }
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
          {buckets.map((_, i) =>
            scales.bars.map((s) => {
              const v = s.values[i] ?? 0
              const top = scales.left(v)
              return (
                <Bar key={`${s.key}-${i}`} x={(scales.x(String(i)) ?? 0) + (scales.inner(s.key) ?? 0)} y={top} width={scales.inner.bandwidth()}
                  height={Math.max(0, innerHeight - top)} fill={s.color} data-series={s.key} />
              )
            }),
          )}
          {series.filter((s) => s.mark === 'line').map((s) => (
            <g key={s.key} data-series={s.key}>
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
            <AxisRight left={innerWidth} scale={scales.right} numTicks={5} stroke={AXIS} tickStroke={AXIS} label={axes.right} labelOffset={36}
              tickFormat={(v) => (Number.isInteger(Number(v)) ? String(v) : '')}
              tickLabelProps={{ fontSize: 11, fill: 'currentColor' }} labelProps={{ fontSize: 12, fill: 'currentColor', textAnchor: 'middle' }} />
          )}
          <AxisBottom top={innerHeight} scale={scales.x} tickValues={tickValues} tickFormat={(v) => buckets[Number(v)]} stroke={AXIS} tickStroke={AXIS}
            tickComponent={WrappedTick} />
          <rect width={innerWidth} height={innerHeight} fill="transparent" onPointerMove={onPointer} onPointerLeave={hideTooltip} />
        </Group>
      </svg>
      {hovered !== undefined && (
        <ChartTooltip left={tooltipLeft} top={tooltipTop} className="dash-tooltip">
          <strong className="dash-tooltip__label">{buckets[hovered]}</strong>
          <ul>
            {series.map((s) => (
              <li key={s.key}>
                <span className="dash-swatch" style={{ background: s.color }} aria-hidden="true" />
                {s.label}：<b>{formatValue(s.values[hovered], s.decimals)}</b>
              </li>
            ))}
          </ul>
        </ChartTooltip>
      )}
    </div>
    <p className="visually-hidden" aria-live="polite">{spoken}</p>
    </>
  )
}
