import { formatGrp } from '@/lib/grp'
import type { DashboardIndex } from '../api'

// What the charts, their tooltips and their tables draw, shaped from dashboardoneIndex's answer
// by pure functions (tested on their own).

/** One drawn series: bars or a line, on the left or the right axis. */
export type ChartSeries = {
  /** Unique within a chart: `grp:<id>`, `spots:<id>`, `perSpot:<id>`. */
  key: string
  label: string
  mark: 'bar' | 'line'
  axis: 'left' | 'right'
  /** Decimals shown: GRP figures 3, spots 0. */
  decimals: number
  color: string
  /** One per bucket; null is a gap (no spot, so no GRP per spot). */
  values: (number | null)[]
}

/**
 * The series' colours: twenty. The first ten are a categorical palette made to be told apart
 * (Tableau 10's hues); the second ten are darker shades of them, for charts of more than ten
 * products. The theme's blues and oranges were not: two products drew in near the same orange.
 */
export const PALETTE = [
  '#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac',
  '#1f3f66', '#a0520a', '#8f1d22', '#2f6e69', '#2a5e23', '#8a7416', '#6b3d63', '#c2566a', '#5a3d2b', '#5f5a58',
]

/**
 * A colour per series id that stays the product's whatever else is shown: each id takes the
 * palette entry its id points at (id mod 20), or, when a smaller id already took it, the next
 * free one. Colours repeat only past twenty series.
 */
export function seriesColors(ids: readonly number[]): Map<number, string> {
  const taken = new Set<number>()
  const out = new Map<number, string>()
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    let at = ((id % PALETTE.length) + PALETTE.length) % PALETTE.length
    for (let i = 0; i < PALETTE.length && taken.has(at); i++) at = (at + 1) % PALETTE.length
    if (taken.size < PALETTE.length) taken.add(at)
    out.set(id, PALETTE[at])
  }
  return out
}

export type SeriesNames = { grp: string; spots: string; perSpot: string }

/** The first chart: each product's GRP as bars (left axis) and its spots as a line (right axis). */
export function comboSeries(index: DashboardIndex | undefined, names: SeriesNames): ChartSeries[] {
  if (!index) return []
  const colors = seriesColors(index.tData.map((s) => s.id))
  return index.tData.flatMap((grp) => {
    const spots = index.cData.find((c) => c.id === grp.id)
    const color = colors.get(grp.id) ?? PALETTE[0]
    const bars: ChartSeries = { key: `grp:${grp.id}`, label: `${grp.name} ${names.grp}`, mark: 'bar', axis: 'left', decimals: 3, color, values: grp.t }
    if (!spots) return [bars]
    return [bars, { key: `spots:${grp.id}`, label: `${grp.name} ${names.spots}`, mark: 'line', axis: 'right', decimals: 0, color, values: spots.t }]
  })
}

/** The second chart: each product's GRP per spot as a line, broken where it is null. */
export function perSpotSeries(index: DashboardIndex | undefined, names: SeriesNames): ChartSeries[] {
  if (!index) return []
  const colors = seriesColors(index.oData.map((s) => s.id))
  return index.oData.map((s) => ({
    key: `perSpot:${s.id}`, label: `${s.name} ${names.perSpot}`, mark: 'line', axis: 'left', decimals: 3, color: colors.get(s.id) ?? PALETTE[0], values: s.t,
  }))
}

/**
 * A value as the tables and tooltips show it, '—' for a gap: GRP figures (3 decimals) as the
 * server answers them (exact to 4 decimals, the 4th shown when it is not 0: `lib/grp`), so a
 * product's buckets add up to the order's issued GRP; other figures with fixed decimals.
 */
export function formatValue(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  if (decimals === 3) return formatGrp(value)
  const text = value.toFixed(decimals)
  // -0.000 reads as a negative figure that is not there.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text
}

/** The table under a chart: one row per bucket, one cell per series. */
export type TableRow = { label: string; cells: string[] }

export function tableRows(buckets: readonly string[], series: readonly ChartSeries[]): TableRow[] {
  return buckets.map((label, i) => ({ label, cells: series.map((s) => formatValue(s.values[i], s.decimals)) }))
}

/**
 * An x label cut every `every` characters, one line each (docs/screens.md "Dashboard screen": every 10). A run of days
 * (`03-01~03-07`, with years `2025-03-01~2025-03-07`) is cut after its 「~」 instead, so neither
 * date is split.
 */
export function wrapLabel(label: string, every = 10): string[] {
  const tilde = label.indexOf('~')
  if (tilde > 0 && tilde < label.length - 1) return [label.slice(0, tilde + 1), label.slice(tilde + 1)]
  const chars = [...label]
  if (!chars.length) return ['']
  const lines: string[] = []
  for (let i = 0; i < chars.length; i += every) lines.push(chars.slice(i, i + every).join(''))
  return lines
}

/** Up to this many buckets the brush starts on all of them: a short range is read whole. */
export const WHOLE_RANGE_UP_TO = 12
/** Past it, the share of the range the brush starts on: the newest (docs/dashboard.md "The screen"). */
export const INITIAL_SHARE = 0.7

/**
 * The brush's first selection in bucket units (0 … count): every bucket when they are 12 or
 * fewer, else the newest 70 %. docs/dashboard.md "The screen" replaces the spec's 0–70 %: started at the oldest
 * end, an order's two months by month showed only the first, and the current weeks were hidden.
 * The answer ends at its last bucket with data (the server leaves the later ones out), so the
 * newest buckets are data, the same for both charts — a GRP per spot of 0 included.
 */
export function initialSelection(count: number): [number, number] {
  const n = Math.max(0, count)
  return n <= WHOLE_RANGE_UP_TO ? [0, n] : [(1 - INITIAL_SHARE) * n, n]
}

/** The buckets a window shows: `start` inclusive, `end` exclusive. */
export type BucketWindow = { start: number; end: number }

/**
 * The buckets whose centres lie within a brush selection [x0, x1], in bucket units (0 … count:
 * bucket i spans [i, i + 1]). At least one bucket is always shown, the one nearest the
 * selection when it holds no centre.
 */
export function brushWindow(count: number, x0: number, x1: number): BucketWindow {
  if (count <= 0) return { start: 0, end: 0 }
  // An edge on a bucket's centre is arithmetic's hair off it (0.7 × 365 is 255.49999…, and a
  // pixel round trip adds its own): a millionth of a bucket's tolerance keeps that bucket.
  const lo = Math.min(x0, x1) - 1e-6
  const hi = Math.max(x0, x1) + 1e-6
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i))
  const start = clamp(Math.ceil(lo - 0.5))
  const last = clamp(Math.floor(hi - 0.5))
  if (last >= start) return { start, end: last + 1 }
  const nearest = clamp(Math.floor((lo + hi) / 2))
  return { start: nearest, end: nearest + 1 }
}

/** visx's Brush widens the selection it reports by this many pixels on each side. */
export const SAFE_PIXEL = 2

/**
 * The window of a selection as visx's Brush reports it (bucket units, each side padded by
 * SAFE_PIXEL): the padding taken off first, or on a long range (a bucket narrower than 4 px)
 * each report would add a bucket at each edge and a keyboard step would widen the window.
 */
export function selectionWindow(count: number, innerWidth: number, x0: number, x1: number): BucketWindow {
  const pad = innerWidth > 0 ? (SAFE_PIXEL * count) / innerWidth : 0
  return brushWindow(count, Math.min(x0, x1) + pad, Math.max(x0, x1) - pad)
}

export const sameWindow = (a: BucketWindow, b: BucketWindow) => a.start === b.start && a.end === b.end

/** The initial window: the buckets of the initial selection. */
export const initialWindow = (count: number) => brushWindow(count, ...initialSelection(count))

/** The window moved by `delta` buckets, kept inside the range and as wide as it was. */
export function shiftWindow(w: BucketWindow, delta: number, count: number): BucketWindow {
  const width = w.end - w.start
  const start = Math.min(Math.max(0, w.start + delta), Math.max(0, count - width))
  return { start, end: start + width }
}

/** The window, as wide as it is, at the range's start (Home) or end (End). */
export const edgeWindow = (w: BucketWindow, edge: 'start' | 'end', count: number): BucketWindow =>
  shiftWindow(w, edge === 'start' ? -w.start : count, count)

/** The window's end moved by `delta` buckets, at least one bucket wide, inside the range. */
export function resizeWindow(w: BucketWindow, delta: number, count: number): BucketWindow {
  return { start: w.start, end: Math.min(count, Math.max(w.start + 1, w.end + delta)) }
}

/** A series cut to a window. */
export const windowed = (s: ChartSeries, w: BucketWindow): ChartSeries => ({ ...s, values: s.values.slice(w.start, w.end) })

/** Every `step`-th label is drawn so wrapped labels of `labelWidth` pixels do not overlap. */
export function labelStep(count: number, width: number, labelWidth: number): number {
  if (count <= 0 || width <= 0) return 1
  return Math.max(1, Math.ceil((count * labelWidth) / width))
}

/** The largest value of the series on an axis (0 when none), for the axis' domain. */
export function axisMax(series: readonly ChartSeries[], axis: ChartSeries['axis']): number {
  let max = 0
  for (const s of series) if (s.axis === axis) for (const v of s.values) if (v !== null && v > max) max = v
  return max
}

/** A value with a gap (or the range's end) on both sides: a line through it draws nothing. */
export const isolated = (values: readonly (number | null)[], i: number) =>
  values[i] !== null && (i === 0 || values[i - 1] === null) && (i === values.length - 1 || values[i + 1] === null)

/**
 * A count axis (spots): whole-number ticks only, at most about five, and a top that is one of
 * them — a 0–1 scale of fifths drew ticks with no label (fractions of a spot are not written).
 */
export function countTicks(max: number): { top: number; ticks: number[] } {
  const step = Math.max(1, Math.ceil(max / 5))
  const top = Math.max(1, step * Math.ceil(max / step))
  const ticks: number[] = []
  for (let v = 0; v <= top; v += step) ticks.push(v)
  return { top, ticks }
}
