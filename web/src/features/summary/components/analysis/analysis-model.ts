import { formatGrp } from '@/lib/grp'
import type { SummaryFilter } from '../../api/get-summary-grid'
import type { AnalysisAnswer, AnalysisArgs, AnalysisSpot } from '../../api/get-data-analysis'
import type { CurveArgs, CurveSample } from '../../api/get-spot-curve'

/*
 * The 数据分析 mode's pure parts: the query as the toolbar holds it and as the call takes it,
 * the grid's rows, and the point-details curve's window and lookup. No React and no visx here,
 * so the orders route carries none of the chart's code.
 */

/** docs/screens.md "Constants": the analysis list shows 10 slots a page. */
export const ANALYSIS_PAGE_SIZE = 10
/** Date types: 1 年, 2 月, 3 日, 4 周, 5 天数 (runs of N days). */
export const TIME_TYPES = ['1', '2', '3', '4', '5'] as const
/** Per day: each cell is one day's earliest spot (docs/decisions.md "The data analysis screen"). */
export const DEFAULT_TIME_TYPE = '3'
export const RUN_TYPE = '5'
export const MAX_RUN_DAYS = 366

/** The toolbar's fields, as text (what the inputs hold). */
export type AnalysisQuery = {
  productId: string
  groupId: string
  from: string
  to: string
  timeType: string
  /** Days a bucket runs for date type 5. */
  days: string
}

type OrderLike = { productId: number; defaultId: number; cycleTimeAdd: string; cycleTimeEnd: string }

/** On opening: the order's product and group over its cycle, per day. */
export function defaultQuery(order: OrderLike): AnalysisQuery {
  return {
    productId: String(order.productId),
    groupId: String(order.defaultId),
    from: order.cycleTimeAdd,
    to: order.cycleTimeEnd,
    timeType: DEFAULT_TIME_TYPE,
    days: '1',
  }
}

/** What is wrong with the query before it is sent (a message key under summary.analysis.invalid), or null. */
export function queryProblem(q: AnalysisQuery): 'product' | 'group' | 'range' | 'reversed' | 'days' | null {
  if (!q.productId) return 'product'
  if (!q.groupId) return 'group'
  if (!q.from || !q.to) return 'range'
  if (q.from > q.to) return 'reversed'
  if (q.timeType === RUN_TYPE && daysProblem(q.days)) return 'days'
  return null
}

/** A day count that is not a whole number 1…366 (the toolbar marks its box). */
export function daysProblem(days: string): boolean {
  const n = Number(days.trim())
  return !/^\d+$/.test(days.trim()) || n < 1 || n > MAX_RUN_DAYS
}

/** The dataAnalysis arguments of a checked query: the summary toolbar's category and source, the order's media. */
export function analysisArgs(q: AnalysisQuery, filter: Pick<SummaryFilter, 'category' | 'source'>, mediaId: number, page: number): AnalysisArgs {
  return {
    category: filter.category || undefined,
    source: filter.source || undefined,
    addTimes: q.from,
    endTimes: q.to,
    productId: Number(q.productId),
    defaultId: Number(q.groupId),
    mediaId,
    timeType: Number(q.timeType),
    timeTypeValue: q.timeType === RUN_TYPE ? Number(q.days) : undefined,
    page,
    limit: ANALYSIS_PAGE_SIZE,
  }
}

export type AnalysisCell = { label: string; m: AnalysisSpot | null; c: AnalysisSpot | null }
export type AnalysisRow = { slot: string; cells: AnalysisCell[] }

/** One row per slot, one cell per bucket label in the answer's order; a label the slot lacks is an empty cell. */
export function analysisRows(answer: AnalysisAnswer | undefined): AnalysisRow[] {
  if (!answer) return []
  return answer.cData.map((slot) => ({
    slot: slot.name,
    cells: answer.time.map((label) => ({ label, m: slot.t[label]?.m ?? null, c: slot.t[label]?.c ?? null })),
  }))
}

/** A cell with neither side shows '暂无点位数据'. */
export const isEmptyCell = (cell: AnalysisCell) => cell.m === null && cell.c === null

/** The page's columns with a spot in some row: `labels` and each row's cells, the others left out. */
export function withSpotsOnly(labels: string[], rows: AnalysisRow[]): { labels: string[]; rows: AnalysisRow[] } {
  const keep = labels.map((_, i) => rows.some((row) => !isEmptyCell(row.cells[i])))
  return {
    labels: labels.filter((_, i) => keep[i]),
    rows: rows.map((row) => ({ ...row, cells: row.cells.filter((_, i) => keep[i]) })),
  }
}

/** Pages of `total` slots; at least one, so the pager has a page to show. */
export const pageCount = (total: number, limit = ANALYSIS_PAGE_SIZE) => Math.max(1, Math.ceil(total / limit))

/** The page to show once the total is known: a page past the end (fewer slots after a new search) falls back to the last. */
export const clampPage = (page: number, total: number, limit = ANALYSIS_PAGE_SIZE) => Math.min(Math.max(1, page), pageCount(total, limit))

/** GRP as the summary shows it: 3 decimals. */
export const grp = (value: number | null | undefined) => formatGrp(value)

/**
 * A rating or a spot's GRP in the point details: 4 decimals, as GRP is kept, so the spot's
 * 毛评点 and the mean of its curve read alike when the row was measured from that series.
 */
export const rating = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(4))

/** The spotCurve arguments of a spot (the server reads 300 s either side by default). */
export const curveArgs = (spot: AnalysisSpot): CurveArgs => ({
  mediaId: spot.mediaId,
  defaultAudienceCityGroupId: spot.defaultAudienceCityGroupId,
  ymd: spot.ymd,
  addTime: spot.addTime,
  duration: spot.duration,
})

const DAY_MS = 86_400_000

/**
 * A naive `YYYY-MM-DD HH:MM:SS` (the lake's calendar time) as milliseconds, read as UTC so the
 * browser's own zone never shifts it; NaN when it is not that form.
 */
export function tsMs(ts: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(ts)
  if (!m) return Number.NaN
  const [, y, mo, d, h, mi, s] = m.map(Number)
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/** `HH:MM:SS` of a tsMs value (calendar time). */
export function clock(ms: number): string {
  const s = Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

/**
 * The spot's own seconds on the curve's time axis: [start, start + duration). The air time is of
 * the broadcast day, so 24:00:00 and later fall on the next calendar day, as the series has them.
 */
export function spotWindow(spot: Pick<AnalysisSpot, 'ymd' | 'addTime' | 'duration'>): { start: number; end: number } {
  const day = tsMs(`${spot.ymd} 00:00:00`)
  const [h, m, s] = spot.addTime.split(':').map(Number)
  const start = day + ((h * 60 + m) * 60 + (s || 0)) * 1000
  return { start, end: start + spot.duration * 1000 }
}

/**
 * The samples the spot's mean is taken over, as the server takes it: per second those in
 * [start, end); per minute those whose minute overlaps the spot.
 */
export function spotSamples(data: CurveSample[], window: { start: number; end: number }, resolution: 'second' | 'minute'): CurveSample[] {
  const span = resolution === 'minute' ? 60_000 : 1000
  return data.filter((d) => {
    const t = tsMs(d.ts)
    return resolution === 'minute' ? t < window.end && t + span > window.start : t >= window.start && t < window.end
  })
}

/** The index of the sample nearest to `x` (ms) in time-ordered `times`; -1 when there are none. */
export function nearestIndex(times: number[], x: number): number {
  if (times.length === 0) return -1
  let lo = 0
  let hi = times.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (times[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo > 0 && x - times[lo - 1] <= times[lo] - x ? lo - 1 : lo
}

/**
 * A time on the broadcast day `ymd` as the spot's header writes it: past midnight the hours go
 * on (`24:10:05`, `25:30:00`), so the axis, the tooltip and the fields read alike. A time before
 * the day (a curve starting just before midnight of the day before) keeps its calendar form.
 */
export function broadcastClock(ms: number, ymd: string): string {
  const day = tsMs(`${ymd} 00:00:00`)
  if (!(ms >= day)) return clock(ms)
  const s = Math.floor((ms - day) / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

/** A sample's `YYYY-MM-DD HH:MM:SS` in the broadcast day's notation (the calendar's when before the day). */
export function broadcastStamp(ts: string, ymd: string): string {
  const ms = tsMs(ts)
  return ms >= tsMs(`${ymd} 00:00:00`) ? `${ymd} ${broadcastClock(ms, ymd)}` : ts
}

/** The index of the sample whose span [t, next t) holds `x` in time-ordered `times` (a per-minute step); -1 when none. */
export function stepIndex(times: number[], x: number): number {
  if (times.length === 0) return -1
  let lo = 0
  let hi = times.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (times[mid] <= x) lo = mid
    else hi = mid - 1
  }
  return lo
}

type Box = { x: number; y: number; width: number; height: number }

/**
 * Where the mean's label goes: at the right or the left end of its line, above or below it,
 * whichever box the curve (the polyline through `points`, in px) crosses least — the right end
 * above first. The box must also stay inside the plot's `height`.
 */
export function meanLabelBox(points: { x: number; y: number }[], lineY: number, size: { width: number; height: number }, innerWidth: number, height: number): Box {
  const gap = 4
  // The segments too, not only their ends: a long flat step crosses a box between two samples.
  const dense = points.flatMap((p, i) => {
    const q = points[i + 1]
    if (!q) return [p]
    return Array.from({ length: 8 }, (_, k) => ({ x: p.x + ((q.x - p.x) * k) / 8, y: p.y + ((q.y - p.y) * k) / 8 }))
  })
  const xs = [innerWidth - gap - size.width, gap]
  const ys = [lineY - gap - size.height, lineY + gap]
  let best: Box | null = null
  let bestHits = Infinity
  for (const x of xs) {
    for (const y of ys) {
      if (y < 0 || y + size.height > height) continue
      let hits = 0
      for (const p of dense) if (p.x >= x - 2 && p.x <= x + size.width + 2 && p.y >= y - 2 && p.y <= y + size.height + 2) hits++
      if (hits < bestHits) {
        best = { x, y, ...size }
        bestHits = hits
      }
    }
  }
  return best ?? { x: xs[0], y: Math.max(0, ys[0]), ...size }
}
