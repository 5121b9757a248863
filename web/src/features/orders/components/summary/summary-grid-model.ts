import type { GridCell, GridRow } from '../../api/summary'

/**
 * A cell as the server's next branch answers it: spots moved out by moves and spots placed as
 * make-goods. Optional until the generated types carry them (SUMMARY.md, server part 2).
 */
export type Cell = GridCell & { moved?: number; makeGood?: number }

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

/** The figures after the days; `group` puts a heading over 正常/高/低. */
export const FIGURES = [
  { key: 'remainingTimes', width: 64, decimals: 0 },
  { key: 'averageViewershipThisMonth', width: 84, decimals: 3 },
  { key: 'publishedTimes', width: 64, decimals: 0 },
  { key: 'viewEstimated', width: 70, decimals: 3, group: 'matched', level: 'normal' },
  { key: 'viewEstimatedHigh', width: 70, decimals: 3, group: 'matched', level: 'high' },
  { key: 'viewEstimatedLow', width: 70, decimals: 3, group: 'matched', level: 'low' },
  { key: 'estimated', width: 70, decimals: 3, group: 'estimate', level: 'normal' },
  { key: 'estimatedHigh', width: 70, decimals: 3, group: 'estimate', level: 'high' },
  { key: 'estimatedLow', width: 70, decimals: 3, group: 'estimate', level: 'low' },
  { key: 'totalTimes', width: 64, decimals: 0 },
] as const
export type Figure = (typeof FIGURES)[number]

export const figureText = (row: GridRow, f: Figure) => Number(row[f.key] ?? 0).toFixed(f.decimals)

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
export function cellsByDay(row: GridRow): Map<number, Cell> {
  return new Map(row.order_summary_grp_ymd.map((c) => [c.d, c as Cell]))
}

export const VERIFIED = 2
export const WITHDRAWN = '撤掉'
export const REASON = '2'

const exists = (cell: Cell | undefined): cell is Cell => cell !== undefined && cell.id > 0
export const isVerified = (cell: Cell | undefined) => exists(cell) && cell.isHe === VERIFIED

/** The cell's look: grey verified, yellow withdrawn, a green corner for a recorded reason. */
export function cellClass(cell: Cell | undefined, weekend: boolean): string {
  let name = 'summary-grid__day'
  if (weekend) name += ' summary-grid__day--weekend'
  if (!exists(cell)) return name
  if (cell.isHe === VERIFIED) name += ' summary-grid__day--verified'
  if (cell.value === WITHDRAWN) name += ' summary-grid__day--withdrawn'
  if (cell.reasonType === REASON) name += ' summary-grid__day--reason'
  return name
}

export type MenuItemKind = 'modify' | 'records' | 'reason' | 'grp' | 'move'

/**
 * The cell's right-click menu (spec orders §4, SUMMARY.md): an empty day can only be created
 * (修改); a stored cell not yet verified 修改 and 记录; a verified one is locked, so 备注, 手动GRP
 * and 记录, plus 移动 while it has missing spots not yet moved.
 */
export function menuItems(cell: Cell | undefined): MenuItemKind[] {
  if (!exists(cell)) return ['modify']
  if (cell.isHe !== VERIFIED) return ['modify', 'records']
  const items: MenuItemKind[] = ['reason', 'grp', 'records']
  if (cell.reasonDisappearance === '1' && cell.point > 0 && (cell.moved ?? 0) < cell.point) items.push('move')
  return items
}

/** Only stored cells not yet verified can be withdrawn or changed together (批量撤掉/修改). */
export const selectable = (cell: Cell | undefined): cell is Cell => exists(cell) && cell.isHe !== VERIFIED

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
