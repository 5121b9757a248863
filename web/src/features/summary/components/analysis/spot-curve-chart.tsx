import { AxisBottom, AxisLeft } from '@visx/axis'
import { localPoint } from '@visx/event'
import { Group } from '@visx/group'
import { scaleLinear, scaleUtc } from '@visx/scale'
import { AreaClosed, Line, LinePath } from '@visx/shape'
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { ChartTooltip, useTooltip } from '@/components/ui/chart-tooltip'
import { useTranslation } from '@/lib/i18n'
import type { SpotCurve } from '../../api/get-spot-curve'
import { broadcastClock, broadcastStamp, clock, meanLabelBox, nearestIndex, rating, stepIndex, tsMs } from './analysis-model'

/*
 * The point-details curve, drawn with visx: the rating series around the spot as an area under
 * a line on a time axis, the spot's own seconds shaded, its mean a labelled dashed line (the
 * label where the curve does not cross it), and a tooltip (pointer or ←/→ keys) with the
 * sample's time and rating. A per-minute series is one value a minute: drawn as steps, each
 * held to the next minute. Times read as the spot's header writes them, on its broadcast day
 * (`24:10:05`, not the next day's `00:10:05`). Its own chunk (point-dialog.tsx imports it
 * lazily), so the orders route carries no visx.
 */

type Props = {
  curve: SpotCurve
  /** The spot's seconds on the series' time axis (analysis-model's spotWindow). */
  window: { start: number; end: number }
  /** The spot's broadcast day (`YYYY-MM-DD`): times past its midnight read 24:00 on. */
  day?: string
  /** Fixed width in px (tests); else the container's. */
  width?: number
  height?: number
}

export const CHART_MARGIN = { top: 18, right: 18, bottom: 34, left: 52 }
const MINUTE = 60_000
/** The mean label's box: 12 px text, a CJK character about 12 px wide and any other about 7. */
const labelSize = (text: string) => ({ width: [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 7), 8), height: 16 })

/** The container's width, followed as the dialog resizes (full screen, a narrower window). */
function useWidth(fixed: number | undefined) {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(fixed ?? 640)
  useLayoutEffect(() => {
    const el = box.current
    if (fixed !== undefined || !el) return
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [fixed])
  return [box, fixed ?? width] as const
}

/** The x and y scales of a chart of `inner` size over the series and the spot (shared with the tests). */
export function curveScales(curve: SpotCurve, window: { start: number; end: number }, innerWidth: number, innerHeight: number) {
  const times = curve.data.map((d) => tsMs(d.ts))
  // A minute's value holds until the next minute: the axis runs to the last minute's end.
  const held = curve.resolution === 'minute' && times.length ? MINUTE : 0
  const first = Math.min(times[0] ?? window.start, window.start)
  const last = Math.max((times.at(-1) ?? window.end) + held, window.end)
  const top = Math.max(curve.spotMean ?? 0, ...curve.data.map((d) => d.rating))
  const x = scaleUtc<number>({ domain: [new Date(first), new Date(last)], range: [0, innerWidth] })
  const y = scaleLinear<number>({ domain: [0, top > 0 ? top * 1.1 : 1], range: [innerHeight, 0], nice: true })
  return { x, y, times }
}

export default function SpotCurveChart({ curve, window, day, width: fixed, height = 280 }: Props) {
  const { t } = useTranslation('orders')
  const [box, width] = useWidth(fixed)
  const innerWidth = Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right)
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom
  const { x, y, times } = useMemo(() => curveScales(curve, window, innerWidth, innerHeight), [curve, window, innerWidth, innerHeight])
  const tip = useTooltip<number>()
  const stepped = curve.resolution === 'minute'
  // The drawn series: a per-minute one as steps, each minute's value held to the next minute
  // (the last one to its minute's end), so the line is flat where one sample stands for it.
  const drawn = useMemo(() => {
    if (!stepped) return curve.data.map((d) => ({ at: tsMs(d.ts), rating: d.rating }))
    return curve.data.flatMap((d, i) => {
      const at = tsMs(d.ts)
      const next = i + 1 < curve.data.length ? tsMs(curve.data[i + 1].ts) : at + MINUTE
      return [{ at, rating: d.rating }, { at: next, rating: d.rating }]
    })
  }, [curve.data, stepped])
  const timeText = (ms: number) => (day ? broadcastClock(ms, day) : clock(ms))
  const stampText = (ts: string) => (day ? broadcastStamp(ts, day) : ts)
  const active = tip.tooltipOpen && tip.tooltipData !== undefined ? tip.tooltipData : -1

  const show = (index: number) => {
    if (index < 0) return tip.hideTooltip()
    tip.showTooltip({ tooltipData: index, tooltipLeft: CHART_MARGIN.left + x(times[index]), tooltipTop: CHART_MARGIN.top + y(curve.data[index].rating) })
  }
  const onPointer = (e: PointerEvent<SVGRectElement>) => {
    const at = localPoint(e)
    if (!at) return
    const t = x.invert(at.x - CHART_MARGIN.left).getTime()
    // A step is the minute it starts: the pointer anywhere on it tells that minute.
    show(stepped ? stepIndex(times, t) : nearestIndex(times, t))
  }
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = times.length - 1
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active < 0 ? last : active - 1, Home: 0, End: last }
    if (!(e.key in moves)) return
    e.preventDefault()
    show(Math.min(last, Math.max(0, moves[e.key])))
  }

  const shadeX = x(new Date(window.start))
  const shadeWidth = Math.max(1, x(new Date(window.end)) - shadeX)
  const mean = curve.spotMean ?? null
  const xOf = (d: { at: number }) => x(new Date(d.at))
  const said = active >= 0 ? t('summary.point.tooltip', { time: stampText(curve.data[active].ts), rating: rating(curve.data[active].rating) }) : ''
  const label = t('summary.point.chart', { channel: curve.channel, group: curve.audienceGroup, start: timeText(window.start), end: timeText(window.end) })
  const meanText = mean === null ? '' : t('summary.point.meanLine', { mean: rating(mean) })
  const meanBox = useMemo(() => {
    if (mean === null) return null
    const points = drawn.map((d) => ({ x: x(new Date(d.at)), y: y(d.rating) }))
    return meanLabelBox(points, y(mean), labelSize(meanText), innerWidth, innerHeight)
  }, [mean, meanText, drawn, x, y, innerWidth, innerHeight])

  return (
    <div ref={box} className="spot-curve">
      {/* The tooltip is the plot's sibling: an image's children are presentational, its status would not be read. */}
      <div className="spot-curve__plot" tabIndex={0} role="img" aria-label={label} onKeyDown={onKey} onBlur={tip.hideTooltip}>
        <svg width={width} height={height} className="spot-curve__svg" aria-hidden="true">
          <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
            <rect className="spot-curve__spot" data-testid="spot-shade" x={shadeX} y={0} width={shadeWidth} height={innerHeight} />
            <AreaClosed data={drawn} x={xOf} y={(d) => y(d.rating)} yScale={y} className="spot-curve__area" />
            <LinePath data={drawn} x={xOf} y={(d) => y(d.rating)} className="spot-curve__line" />
            {mean !== null && meanBox && (
              <g className="spot-curve__mean" data-testid="spot-mean">
                <Line from={{ x: 0, y: y(mean) }} to={{ x: innerWidth, y: y(mean) }} />
                {/* Over the curve, on a backing of the panel's colour, so a line never runs through it. */}
                <rect className="spot-curve__mean-box" x={meanBox.x} y={meanBox.y} width={meanBox.width} height={meanBox.height} rx={2} />
                <text x={meanBox.x + meanBox.width - 4} y={meanBox.y + meanBox.height - 4} textAnchor="end">{meanText}</text>
              </g>
            )}
            {active >= 0 && (
              <g className="spot-curve__marker">
                <Line from={{ x: x(times[active]), y: 0 }} to={{ x: x(times[active]), y: innerHeight }} />
                <circle cx={x(times[active])} cy={y(curve.data[active].rating)} r={4} />
              </g>
            )}
            <AxisLeft scale={y} numTicks={5} tickFormat={(v) => Number(v).toFixed(2)} />
            <AxisBottom top={innerHeight} scale={x} numTicks={Math.max(2, Math.floor(innerWidth / 90))} tickFormat={(v) => timeText((v as Date).valueOf())} />
            <rect width={innerWidth} height={innerHeight} fill="transparent" onPointerMove={onPointer} onPointerLeave={tip.hideTooltip} />
          </Group>
        </svg>
      </div>
      {active >= 0 && (
        <ChartTooltip left={tip.tooltipLeft} top={tip.tooltipTop} className="spot-curve__tooltip">
          <span aria-hidden="true">{said}</span>
        </ChartTooltip>
      )}
      {/* Always there, so what the arrow keys reach is read as it changes. */}
      <span role="status" className="visually-hidden">{said}</span>
    </div>
  )
}
