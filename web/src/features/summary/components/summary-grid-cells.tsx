import type { ReactElement } from 'react'
import type { CellComponentProps } from 'react-window'
import type { TFunction } from '@/lib/i18n'
import { isVerified, REASON, WITHDRAWN, type GridCell, type GridRow } from '../api/get-summary-grid'
import { cellClass, FIGURES, figureText, FIXED, isShort, missingOf, type Day } from './summary-grid-model'

/** What every cell of the scrolling pane reads; stable between renders so react-window re-renders only on change. */
export type PaneProps = {
  rows: GridRow[]
  cells: Map<number, GridCell>[]
  days: Day[]
  /** The focused day cell (the grid's one tab stop). */
  active: { row: number; col: number }
  selected: ReadonlySet<number> | undefined
  /** The figure cells open their rows (a drill-down is at hand): they take the focus like the days. */
  drill: boolean
  t: TFunction<'orders'>
}

/** A cell's tooltip: its day and what its colours and corners say (how many spots are missing and moved, make-goods). */
function cellTitle(day: Day, cell: GridCell | undefined, t: TFunction<'orders'>): string {
  const parts = [day.ymd]
  if (cell && cell.id > 0) {
    parts.push(t('summary.grid.points', { count: cell.point }))
    if (isVerified(cell)) parts.push(t('summary.grid.verified'))
    if (cell.value === WITHDRAWN) parts.push(t('summary.grid.withdrawn'))
    if (cell.reasonType === REASON) parts.push(t('summary.grid.reason', { reason: cell.reasonValue }))
    if (isShort(cell)) parts.push(t('summary.grid.short', { missing: missingOf(cell), moved: cell.moved }))
    if (cell.makeGood > 0) parts.push(t('summary.grid.makeGood', { count: cell.makeGood }))
  }
  return parts.join(' · ')
}

type CellArgs = CellComponentProps<PaneProps>

/** One cell of the scrolling pane: a day (focusable, coloured by state) or one of the line's figures. */
export function PaneCell({ columnIndex, rowIndex, style, rows, cells, days, active, selected, drill, t }: CellArgs): ReactElement {
  const colindex = FIXED.length + columnIndex + 1
  const row = rows[rowIndex]
  const focused = active.row === rowIndex && active.col === columnIndex
  if (columnIndex >= days.length) {
    const figure = FIGURES[columnIndex - days.length]
    if (!drill) {
      return (
        <div role="gridcell" aria-colindex={colindex} className="summary-grid__figure" style={style}>
          {figureText(row, figure)}
        </div>
      )
    }
    return (
      <div
        role="gridcell"
        aria-colindex={colindex}
        className="summary-grid__figure summary-grid__figure--drill"
        style={style}
        tabIndex={focused ? 0 : -1}
        data-row={rowIndex}
        data-col={columnIndex}
        data-figure={figure.key}
        title={t('drill.gridCell')}
      >
        {figureText(row, figure)}
      </div>
    )
  }
  const day = days[columnIndex]
  const cell = cells[rowIndex].get(day.d)
  const chosen = cell !== undefined && selected?.has(cell.id)
  const shown = cell && cell.id > 0 && (cell.point !== 0 || cell.value === WITHDRAWN) ? cell.point : ''
  return (
    <div
      role="gridcell"
      aria-colindex={colindex}
      aria-selected={selected ? Boolean(chosen) : undefined}
      className={`${cellClass(cell, day.weekend)}${chosen ? ' summary-grid__day--selected' : ''}`}
      style={style}
      tabIndex={focused ? 0 : -1}
      data-row={rowIndex}
      data-col={columnIndex}
      data-ymd={day.ymd}
      data-line={row.id}
      title={cellTitle(day, cell, t)}
    >
      {shown}
    </div>
  )
}
