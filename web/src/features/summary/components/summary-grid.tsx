import { useCallback, useMemo, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { Grid, useGridRef } from 'react-window'
import { useTranslation } from '@/lib/i18n'
import type { GridCell, GridMonth, GridRow } from '../api/get-summary-grid'
import { PaneCell, type PaneProps } from './summary-grid-cells'
import { HeadRow, LeftPane } from './summary-grid-frozen'
import { SummaryCellMenu, type MenuTarget } from './summary-grid-menu'
import {
  cellsByDay,
  DAY_WIDTH,
  FIGURES,
  FIXED,
  FIXED_WIDTH,
  HEADER_HEIGHT,
  monthDays,
  moveFocus,
  ROW_HEIGHT,
  selectable,
} from './summary-grid-model'
import type { SummaryAction } from './summary-dialogs'
import { useCellFocus } from './use-cell-focus'
import { useGridDrill } from './use-grid-drill'

type Props = {
  month: GridMonth
  /** `grid` is the box the action came from: the focus returns to its active cell when the dialog closes. */
  onAction: (action: SummaryAction, grid: HTMLElement | null) => void
  /** Cells chosen for 批量撤掉/修改 (merged style only); without it Ctrl-click and Space choose nothing. */
  selected?: ReadonlySet<number>
  onToggle?: (row: GridRow, cell: GridCell) => void
  /** Height of the scrolling box; the merged style fills the dialog, a split-style section is as tall as its rows up to a cap. */
  height?: number | string
}

const FIGURES_WIDTH = FIGURES.reduce((sum, f) => sum + f.width, 0)

/**
 * One month of the schedule as a grid (docs/screens.md "Summary dialog"): the line's columns frozen on the
 * left, a narrow column per day, the figures after. One box scrolls both ways; the header and
 * the left pane stay in place by `position: sticky`, the day and figure cells are virtualised
 * by react-window's Grid (rows and columns) scrolled by that same box, so a 1,000-line month
 * keeps a few hundred cells in the DOM.
 */
export function SummaryGrid({ month, onAction: report, selected, onToggle, height = '100%' }: Props) {
  const { t } = useTranslation('orders')
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const onAction = (action: SummaryAction) => report(action, scroller)
  const gridRef = useGridRef(null)
  const rows = month.data
  const days = useMemo(() => monthDays(month.pointDateYm), [month.pointDateYm])
  const cells = useMemo(() => rows.map(cellsByDay), [rows])
  const [active, setActive] = useState({ row: 0, col: 0 })
  const [menu, setMenu] = useState<MenuTarget | null>(null)
  const paneWidth = days.length * DAY_WIDTH + FIGURES_WIDTH
  const width = FIXED_WIDTH + paneWidth
  // Stable between renders: react-window lays the columns out again when these change.
  const paneStyle = useMemo(() => ({ width: paneWidth, overflow: 'visible', flexGrow: 0 }), [paneWidth])
  const columnWidth = useCallback((i: number) => (i < days.length ? DAY_WIDTH : FIGURES[i - days.length].width), [days.length])
  // The figure columns open their rows where a drill-down is at hand; the arrows reach them past
  // the last day (from a day, Home and End stay on the days).
  const { drill, lastCol, figureAt } = useGridDrill(rows, days.length, t)

  // A refetch may leave fewer lines: keep the tab stop on one that exists.
  const row = Math.min(active.row, Math.max(0, rows.length - 1))
  const col = Math.min(active.col, lastCol)
  const at = useMemo(() => ({ row, col }), [row, col])
  const paneProps: PaneProps = useMemo(() => ({ rows, cells, days, active: at, selected, drill, t }), [rows, cells, days, at, selected, drill, t])

  const { cellAt, focusCell } = useCellFocus(scroller, gridRef, at, setActive)

  // Tabbing into the box lands on its active cell when that is rendered; else the box keeps the
  // focus, and a navigation key brings the cell back into view (onKeyDown).
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    if (e.target !== scroller || scroller.contains(e.relatedTarget as Node | null)) return
    cellAt(at.row, at.col)?.focus({ preventScroll: true })
  }

  const target = (el: EventTarget | null) => {
    const node = (el as HTMLElement | null)?.closest<HTMLElement>('[data-row][data-col]:not([data-figure])')
    if (!node) return null
    const r = Number(node.dataset.row)
    const c = Number(node.dataset.col)
    const day = days[c]
    return { row: r, col: c, line: rows[r], day, cell: cells[r]?.get(day.d), node }
  }

  const toggle = (line: GridRow, cell: GridCell | undefined) => {
    if (onToggle && selectable(cell)) onToggle(line, cell)
  }

  const onClick = (e: MouseEvent) => {
    const figure = figureAt(e.target)
    if (figure) {
      setActive({ row: figure.row, col: figure.col })
      figure.open()
      return
    }
    const hit = target(e.target)
    if (!hit) return
    setActive({ row: hit.row, col: hit.col })
    if (e.ctrlKey || e.metaKey) toggle(hit.line, hit.cell)
    else onAction({ kind: 'records', row: hit.line, cell: hit.cell && hit.cell.id > 0 ? hit.cell : null, ymd: hit.day.ymd })
  }

  const openMenu = (e: MouseEvent) => {
    const hit = target(e.target)
    e.preventDefault()
    if (figureAt(e.target)) return
    if (!hit) return
    setActive({ row: hit.row, col: hit.col })
    setMenu({ row: hit.line, cell: hit.cell, ymd: hit.day.ymd, x: e.clientX, y: e.clientY, node: hit.node })
  }

  const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? ROW_HEIGHT) - HEADER_HEIGHT) / ROW_HEIGHT) - 1)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const figure = figureAt(e.target)
    if (figure) {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault()
        figure.open()
        return
      }
      const next = moveFocus(e.key, figure, rows.length, lastCol + 1, page)
      if (!next) return
      e.preventDefault()
      focusCell(next)
      return
    }
    const hit = target(e.target)
    if (drill && hit && e.key === 'ArrowRight' && hit.col === days.length - 1) {
      e.preventDefault()
      focusCell({ row: hit.row, col: days.length })
      return
    }
    // The box itself holds the focus while its cell is scrolled away: keys move from the active cell.
    if (!hit && (e.target !== scroller || !rows.length)) return
    if (hit && (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey))) {
      e.preventDefault()
      const box = hit.node.getBoundingClientRect()
      setMenu({ row: hit.line, cell: hit.cell, ymd: hit.day.ymd, x: box.left + box.width / 2, y: box.bottom, node: hit.node })
      return
    }
    if (hit && e.key === 'Enter') {
      e.preventDefault()
      onAction({ kind: 'records', row: hit.line, cell: hit.cell && hit.cell.id > 0 ? hit.cell : null, ymd: hit.day.ymd })
      return
    }
    if (hit && e.key === ' ') {
      e.preventDefault()
      toggle(hit.line, hit.cell)
      return
    }
    const next = moveFocus(e.key, hit ? { row: hit.row, col: hit.col } : at, rows.length, days.length, page)
    if (!next) return
    e.preventDefault()
    focusCell(next)
  }

  const label = t('summary.grid.label', { month: month.pointDateYm })
  return (
    <div className="summary-grid-wrap" style={{ height }}>
      <div
        ref={setScroller}
        className="summary-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length}
        aria-colcount={FIXED.length + days.length + FIGURES.length}
        aria-multiselectable={selected ? true : undefined}
        style={{ scrollPaddingTop: HEADER_HEIGHT, scrollPaddingLeft: FIXED_WIDTH }}
        tabIndex={0}
        onFocus={onFocus}
        onClick={onClick}
        onContextMenu={openMenu}
        onKeyDown={onKeyDown}
        data-month={month.pointDateYm}
      >
        <HeadRow days={days} width={width} t={t} />
        <div className="summary-grid__body" style={{ width, height: rows.length * ROW_HEIGHT }}>
          <LeftPane scroller={scroller} rows={rows} />
          {rows.length > 0 && (
            <Grid
              gridRef={gridRef}
              role="presentation"
              aria-colcount={undefined}
              aria-rowcount={undefined}
              className="summary-grid__pane"
              style={paneStyle}
              scrollElement={scroller}
              cellComponent={PaneCell}
              cellProps={paneProps}
              columnCount={days.length + FIGURES.length}
              columnWidth={columnWidth}
              rowCount={rows.length}
              rowHeight={ROW_HEIGHT}
              overscanCount={4}
            />
          )}
        </div>
        {rows.length === 0 && <div className="summary-grid__empty">{t('summary.grid.empty')}</div>}
      </div>
      <SummaryCellMenu target={menu} onClose={() => setMenu(null)} onAction={onAction} />
    </div>
  )
}
