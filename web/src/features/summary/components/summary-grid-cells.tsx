import { memo, type ReactElement } from 'react'
import type { CellComponentProps } from 'react-window'
import type { TFunction } from '@/lib/i18n'
import { isVerified, REASON, WITHDRAWN, type GridCell, type GridRow } from '../api/get-summary-grid'
import {
  cellClass,
  DAY_WIDTH,
  FIGURES,
  figureText,
  FIXED,
  FIXED_WIDTH,
  isShort,
  missingOf,
  ROW_HEIGHT,
  type Day,
} from './summary-grid-model'

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

const LEFT = FIXED.map((_, i) => FIXED.slice(0, i).reduce((sum, c) => sum + c.width, 0))

/** The fixed columns' text of a line. */
function fixedText(row: GridRow, key: (typeof FIXED)[number]['key']): string {
  switch (key) {
    case 'contractNumber':
      return row.contractNumber || '-'
    case 'type':
      return row.type || 'A'
    case 'position':
      return row.position || '-'
    case 'version':
      return row.product_magnetic_tape.mediaFileName || '-'
    case 'length':
      return String(row.length)
    case 'period':
      return row.time_period.timePeriodName || '-'
  }
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

/** The frozen left part of a line (its own row element, indexed like the scrolling part's). */
export const LeftRow = memo(function LeftRow({ row, index }: { row: GridRow; index: number }) {
  return (
    <div role="row" aria-rowindex={index + 1} className="summary-grid__left-row" style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }} data-line-id={row.id}>
      {FIXED.map((c, i) => {
        const text = fixedText(row, c.key)
        return (
          <div
            key={c.key}
            role={i === 0 ? 'rowheader' : 'gridcell'}
            aria-colindex={i + 1}
            className="summary-grid__fixed"
            style={{ left: LEFT[i], width: c.width }}
            title={text}
          >
            {text}
          </div>
        )
      })}
    </div>
  )
})

/** The header: the fixed headings (frozen in the corner), a day heading per day with its weekday, the figures'. */
export const HeadRow = memo(function HeadRow({ days, width, t }: { days: Day[]; width: number; t: TFunction<'orders'> }) {
  const weekdays = t('template.weekdays')
  return (
    <div role="row" className="summary-grid__head" style={{ width }}>
      <div className="summary-grid__corner" style={{ width: FIXED_WIDTH }}>
        {FIXED.map((c, i) => (
          <div key={c.key} role="columnheader" aria-colindex={i + 1} className="summary-grid__th" style={{ width: c.width }}>
            {t(`summary.columns.${c.key}`)}
          </div>
        ))}
      </div>
      {days.map((d, i) => (
        <div
          key={d.d}
          role="columnheader"
          aria-colindex={FIXED.length + i + 1}
          className={`summary-grid__th summary-grid__th--day${d.weekend ? ' summary-grid__th--weekend' : ''}`}
          style={{ width: DAY_WIDTH }}
          title={t('template.dayTitle', { date: d.ymd, weekday: weekdays[d.weekday] })}
          data-weekend={d.weekend || undefined}
        >
          <span>{d.d}</span>
          <span className="summary-grid__weekday" aria-hidden="true">{weekdays[d.weekday]}</span>
        </div>
      ))}
      {FIGURES.map((f, i) => (
        <div
          key={f.key}
          role="columnheader"
          aria-colindex={FIXED.length + days.length + i + 1}
          className="summary-grid__th summary-grid__th--figure"
          style={{ width: f.width }}
        >
          {'group' in f ? (
            <>
              <span className="summary-grid__group">{t(`summary.columns.${f.group}`)}</span>
              <span>{t(`summary.columns.${f.level}`)}</span>
            </>
          ) : (
            t(`summary.columns.${f.key}`)
          )}
        </div>
      ))}
    </div>
  )
})
