import { Brush, type Bounds, type BrushProps } from '@visx/brush'
import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { LinePath } from '@visx/shape'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { axisMax, edgeWindow, initialSelection, resizeWindow, selectionWindow, shiftWindow, type BucketWindow, type ChartSeries } from './chart-data'

const HEIGHT = 48
/** The brush component's own handle (its class is not exported), for moving it from the keyboard. */
type BrushHandle = NonNullable<NonNullable<BrushProps['innerRef']>['current']>
const SELECTION = { fill: 'var(--color-primary)', fillOpacity: 0.15, stroke: 'var(--color-primary)', strokeWidth: 1 }

type Props = {
  title: string
  width: number
  /** Every bucket of the answer; the brush spans them all. */
  buckets: string[]
  /** Drawn small behind the brush, the whole range, so the reader sees where they are. */
  series: ChartSeries[]
  value: BucketWindow
  onChange: (w: BucketWindow) => void
  /** The plot's side margins, so the brush spans exactly the plot's drawing area. */
  sides: { left: number; right: number }
}

/**
 * The zoom under a chart (visx Brush over every bucket of the answer, starting on all of them
 * when 12 or fewer, else on the newest 70 %): drag the
 * selection or its edges. With the focus on it, ← and → move the window a bucket, Shift+← and
 * Shift+→ change its width, Home and End take it to the range's start or end; it is announced
 * as a slider whose value is the window.
 */
export function ChartBrush({ title, width, buckets, series, value, onChange, sides }: Props) {
  const { t } = useTranslation('dashboard')
  const brush = useRef<BrushHandle | null>(null)
  const margin = { top: 4, bottom: 4, left: sides.left, right: sides.right }
  const count = buckets.length
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const innerHeight = HEIGHT - margin.top - margin.bottom
  const x = useMemo(() => scaleLinear<number>({ domain: [0, Math.max(1, count)], range: [0, innerWidth] }), [count, innerWidth])
  const y = useMemo(() => scaleLinear<number>({ domain: [0, axisMax(series, 'left') || 1], range: [innerHeight, 0] }), [series, innerHeight])
  const preview = series.find((s) => s.axis === 'left')
  // The first position only: afterwards the brush keeps its own, scaled when the width changes.
  const [initial] = useState(() => {
    const [from, to] = initialSelection(count)
    return { start: { x: x(from) }, end: { x: x(to) } }
  })

  const onBrush = (bounds: Bounds | null) => onChange(bounds ? selectionWindow(count, innerWidth, bounds.x0, bounds.x1) : { start: 0, end: count })

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    const edge = e.key === 'Home' ? 'start' : e.key === 'End' ? 'end' : undefined
    if (!delta && !edge) return
    e.preventDefault()
    const next = edge ? edgeWindow(value, edge, count) : e.shiftKey ? resizeWindow(value, delta, count) : shiftWindow(value, delta, count)
    const x0 = x(next.start)
    const x1 = x(next.end)
    brush.current?.updateBrush((prev) => ({
      ...prev,
      start: { x: x0, y: 0 },
      end: { x: x1, y: innerHeight },
      extent: { x0, x1, y0: 0, y1: innerHeight },
    }))
    onChange(next)
  }

  const label = t('brush', { chart: title })
  return (
    <div
      className="dash-brush"
      tabIndex={0}
      role="slider"
      aria-label={label}
      aria-description={t('brushHint')}
      aria-valuemin={1}
      aria-valuemax={count}
      aria-valuenow={value.start + 1}
      aria-valuetext={t('brushValue', { from: buckets[value.start] ?? '', to: buckets[value.end - 1] ?? '', start: value.start + 1, end: value.end, count })}
      onKeyDown={onKey}
    >
      <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false">
      <Group left={margin.left} top={margin.top}>
        <rect width={innerWidth} height={innerHeight} fill="var(--color-fill)" />
        {preview && (
          <LinePath<number | null> data={preview.values} x={(_, i) => x(i + 0.5)} y={(v) => y(v ?? 0)} defined={(v) => v !== null} stroke={preview.color} strokeOpacity={0.6} strokeWidth={1} />
        )}
        <Brush
          xScale={x}
          yScale={y}
          width={innerWidth}
          height={innerHeight}
          margin={margin}
          handleSize={8}
          innerRef={brush}
          resizeTriggerAreas={['left', 'right']}
          brushDirection="horizontal"
          initialBrushPosition={initial}
          onChange={onBrush}
          selectedBoxStyle={SELECTION}
          disableDraggingSelection={false}
          // Like a slider, the brush always holds a window: a click beside it does not clear it.
          disableDraggingOverlay
          useWindowMoveEvents
        />
      </Group>
      </svg>
    </div>
  )
}
