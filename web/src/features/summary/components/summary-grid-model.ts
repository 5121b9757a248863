import { formatGrp } from '@/lib/grp'
import type { TFunction } from '@/lib/i18n'
import { REASON, SHORT, VERIFIED, WITHDRAWN, type GridCell, type GridRow, type SummaryFilter } from '../api/get-summary-grid'
import type { DrillTarget } from '@/features/orders/components/drill-down/drill-down-context'

/** Sizes in px: every row is one line, so react-window can place rows and columns without measuring. */
export const ROW_HEIGHT = 30
export const HEADER_HEIGHT = 44
export const DAY_WIDTH = 34

/** The line's own columns, frozen on the left. */
export const FIXED = [
  { key: 'contractNumber', width: 110 },
  { key: 'type', width: 44 },
  { key: 'position', width: 52 },
  { key: 'version', width: 150 },
  { key: 'length', width: 52 },
  { key: 'period', width: 120 },
] as const
export const FIXED_WIDTH = FIXED.reduce((sum, c) => sum + c.width, 0)

/**
 * The figures after the days; `group` puts a heading over 常规/低/高, the order the scenarios
 * have on every screen and export. `rows` names the figure a click or Enter opens the line's
 * rows of (figureRows; the average opens the issued GRP it divides).
 */
export const FIGURES = [
  { key: 'remainingTimes', width: 64, decimals: 0, rows: 'remaining' },
  { key: 'averageViewershipThisMonth', width: 84, decimals: 3, rows: 'issuedGrp' },
  { key: 'publishedTimes', width: 64, decimals: 0, rows: 'published' },
  { key: 'viewEstimated', width: 70, decimals: 3, group: 'matched', level: 'normal', rows: 'viewEstimated' },
  { key: 'viewEstimatedLow', width: 70, decimals: 3, group: 'matched', level: 'low', rows: 'viewEstimatedLow' },
  { key: 'viewEstimatedHigh', width: 70, decimals: 3, group: 'matched', level: 'high', rows: 'viewEstimatedHigh' },
  { key: 'estimated', width: 70, decimals: 3, group: 'estimate', level: 'normal', rows: 'remainingGrp' },
  { key: 'estimatedLow', width: 70, decimals: 3, group: 'estimate', level: 'low', rows: 'remainingGrpLow' },
  { key: 'estimatedHigh', width: 70, decimals: 3, group: 'estimate', level: 'high', rows: 'remainingGrpHigh' },
  { key: 'totalTimes', width: 64, decimals: 0, rows: 'planned' },
] as const
export type Figure = (typeof FIGURES)[number]

/** A figure's text: counts whole, GRP as answered (3 or 4 decimals, `lib/grp`). */
export const figureText = (row: GridRow, f: Figure) => (f.decimals === 0 ? Number(row[f.key] ?? 0).toFixed(0) : formatGrp(Number(row[f.key] ?? 0)))

export type Day = { d: number; ymd: string; weekday: number; weekend: boolean }

/** Every day of a `YYYY-MM` month with its weekday (0 Sunday) — the grid has a column for each. */
export function monthDays(ym: string): Day[] {
  const [y, m] = ym.split('-').map(Number)
  if (!y || !m) return []
  const count = new Date(y, m, 0).getDate()
  return Array.from({ length: count }, (_, i) => {
    const weekday = new Date(y, m - 1, i + 1).getDay()
    return { d: i + 1, ymd: `${ym}-${String(i + 1).padStart(2, '0')}`, weekday, weekend: weekday === 0 || weekday === 6 }
  })
}

/** A line's cells by day of the month. */
export function cellsByDay(row: GridRow): Map<number, GridCell> {
  return new Map(row.order_summary_grp_ymd.map((c) => [c.d, c]))
}

const exists = (cell: GridCell | undefined): cell is GridCell => cell !== undefined && cell.id > 0

/** A cell the certificate found short: some of its planned spots did not air. */
export const isShort = (cell: GridCell | undefined): cell is GridCell => exists(cell) && cell.isHe !== VERIFIED && cell.reasonDisappearance === SHORT
/** Spots of a short cell that did not air (point − aired). */
export const missingOf = (cell: GridCell) => Math.max(0, cell.point - cell.aired)
/** Missing spots not yet moved (point − aired − moved): what a move may still take, as the server counts it. */
export const movableOf = (cell: GridCell) => Math.max(0, cell.point - cell.aired - cell.moved)

/**
 * The cell's look: grey verified, yellow withdrawn, a green corner for a recorded reason, a red
 * outline for a short cell (thin once its missing spots are all moved), a blue corner for one
 * holding make-good spots.
 */
export function cellClass(cell: GridCell | undefined, weekend: boolean): string {
  let name = 'summary-grid__day'
  if (weekend) name += ' summary-grid__day--weekend'
  if (!exists(cell)) return name
  if (cell.isHe === VERIFIED) name += ' summary-grid__day--verified'
  if (cell.value === WITHDRAWN) name += ' summary-grid__day--withdrawn'
  if (cell.reasonType === REASON) name += ' summary-grid__day--reason'
  if (isShort(cell)) name += movableOf(cell) > 0 ? ' summary-grid__day--short' : ' summary-grid__day--short summary-grid__day--settled'
  if (cell.makeGood > 0) name += ' summary-grid__day--make-good'
  return name
}

export type MenuItemKind = 'modify' | 'records' | 'reason' | 'grp' | 'move'

/**
 * The cell's right-click menu (docs/screens.md "Summary dialog"; the server's moves.rs): an empty day can only be
 * created (修改); a stored cell not verified 修改 and 记录, plus 移动 while the certificate found
 * it short and it has missing spots not yet moved (point − aired − moved > 0, not withdrawn:
 * the server refuses anything else); a verified one is locked, so 备注, 手动GRP and 记录.
 */
export function menuItems(cell: GridCell | undefined): MenuItemKind[] {
  if (!exists(cell)) return ['modify']
  if (cell.isHe === VERIFIED) return ['reason', 'grp', 'records']
  const items: MenuItemKind[] = ['modify', 'records']
  if (isShort(cell) && cell.value !== WITHDRAWN && movableOf(cell) > 0) items.push('move')
  return items
}

/** Only stored cells not yet verified can be withdrawn or changed together (批量撤掉/修改). */
export const selectable = (cell: GridCell | undefined): cell is GridCell => exists(cell) && cell.isHe !== VERIFIED

/** The focus after a navigation key, or null for a key the grid doesn't move on. */
export function moveFocus(key: string, at: { row: number; col: number }, rows: number, cols: number, page: number) {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, v))
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), col: at.col }
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), col: at.col }
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, cols) }
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, cols) }
    case 'Home':
      return { row: at.row, col: 0 }
    case 'End':
      return { row: at.row, col: cols - 1 }
    case 'PageUp':
      return { row: clamp(at.row - page, rows), col: at.col }
    case 'PageDown':
      return { row: clamp(at.row + page, rows), col: at.col }
    default:
      return null
  }
}

/** A figure column's heading as one phrase (已播预估高). */
export const figureLabel = (f: Figure, t: TFunction<'orders'>) =>
  'group' in f ? `${t(`summary.columns.${f.group}`)}${t(`summary.columns.${f.level}`)}` : t(`summary.columns.${f.key}`)

/**
 * What a line's figure opens: its rows on the side and data shown. The average is the issued
 * GRP's rows over the line's issued spots.
 */
export function figureTarget(row: GridRow, f: Figure, scope: { orderId: number; filter: SummaryFilter }, title: string): DrillTarget {
  const shown = Number(row[f.key] ?? 0)
  const line = `${row.pointDateYm} · ${row.product_magnetic_tape.mediaFileName} ${row.time_period.timePeriodName} ${row.type}`
  const target: DrillTarget = { ...scope, figure: f.rows, lineId: row.id, title: `${line} · ${title}`, shown }
  if (f.key !== 'averageViewershipThisMonth') return target
  return { ...target, shown: row.issuedGrp, shownText: formatGrp(shown), relation: { kind: 'average', spots: row.issuedSpots } }
}
