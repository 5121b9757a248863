import { useState, type CSSProperties, type Key, type ReactNode } from 'react'
import { List } from 'react-window'
import { useTranslation } from '@/lib/i18n'
import type { Column } from './data-table'
import { SAMPLED_ROWS, fitTimes, isTimeText } from './time-text'
import './virtual-table.css'

/** A column of a virtual table: its width in pixels is fixed (the rows are laid out alike). */
export type VirtualColumn<T> = Column<T> & { width: number }

/** Lists longer than this render through react-window; shorter ones render whole. */
export const VIRTUALIZE_ABOVE = 100
export const ROW_HEIGHT = 40

type Props<T> = {
  columns: VirtualColumn<T>[]
  data: T[] | undefined
  loading?: boolean
  rowKey?: (row: T) => Key
  /** A class for a row (e.g. a chosen one). */
  rowClassName?: (row: T) => string | undefined
  emptyText?: ReactNode
  /** Accessible name of the table. */
  label?: string
  virtualizeAbove?: number
}

type RowData<T> = Pick<Props<T>, 'columns' | 'rowClassName'> & { rows: T[]; rowKey: (row: T) => Key; sizes: string[] }

function cell<T>(column: Column<T>, row: T, index: number): ReactNode {
  if (column.render) return column.render(row, index)
  const value = (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined || value === '' ? '-' : String(value)
}

/** The cells' horizontal padding (virtual-table.css). */
const PADDING = 10

/** Each column's width as CSS, widened to its dates or times (time-text.ts). */
function widths<T>(columns: VirtualColumn<T>[], rows: T[]): string[] {
  const sample = rows.slice(0, SAMPLED_ROWS)
  return columns.map((c) => {
    const width = fitTimes(c.width, sample.map((row, i) => cell(c, row, i)), PADDING)
    return typeof width === 'number' ? `${width}px` : (width ?? `${c.width}px`)
  })
}

const cellStyle = (width: string, align?: CSSProperties['textAlign']): CSSProperties => ({ flexBasis: width, minWidth: width, textAlign: align })

/** One row; react-window hands it `index` and its placement in `style`. */
function Row<T>({ index, style, rows, columns, rowKey, rowClassName, sizes }: RowData<T> & { index: number; style: CSSProperties }) {
  const row = rows[index]
  const extra = rowClassName?.(row)
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`virtual-table__row${extra ? ` ${extra}` : ''}`}
      style={style}
      data-row-key={rowKey(row)}
    >
      {columns.map((c, i) => {
        const content = cell(c, row, index)
        const time = isTimeText(content) ? ' virtual-table__cell--time' : ''
        return (
          <div key={c.key} role="cell" className={`virtual-table__cell${time}`} style={cellStyle(sizes[i], c.align)} title={typeof content === 'string' ? content : undefined}>
            {content}
          </div>
        )
      })}
    </div>
  )
}

const byId = (row: unknown) => (row as { id: Key }).id

/**
 * A table of fixed-height rows for long pages (1000 rows scroll smoothly): a box that scrolls both
 * ways with a sticky header; past `virtualizeAbove` rows only those in view are in the DOM.
 * Cells stay on one line (the full text is their tooltip); dates and times are never cut.
 */
export function VirtualTable<T>({ columns, data, loading, rowKey = byId, rowClassName, emptyText, label, virtualizeAbove = VIRTUALIZE_ABOVE }: Props<T>) {
  const { t } = useTranslation('admin')
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const rows = data ?? []
  const sizes = widths(columns, rows)
  const width = `calc(${sizes.join(' + ')})`
  const rowProps: RowData<T> = { rows, columns, rowKey, rowClassName, sizes }

  return (
    <div className="virtual-table" aria-busy={loading || undefined}>
      {/* Focusable so a keyboard can scroll the rows and columns (axe scrollable-region-focusable). */}
      <div ref={setScroller} className="virtual-table__scroller" role="table" aria-label={label} aria-rowcount={rows.length + 1} tabIndex={0}>
        <div role="rowgroup" className="virtual-table__head" style={{ minWidth: width }}>
          <div role="row" aria-rowindex={1} className="virtual-table__row">
            {columns.map((c, i) => (
              <div key={c.key} role="columnheader" className="virtual-table__cell" style={cellStyle(sizes[i], c.align)}>
                {/* Bold inside: the cell's own font is the rows', so its `ch` widths match theirs. */}
                <span className="virtual-table__title">{c.title}</span>
              </div>
            ))}
          </div>
        </div>
        {rows.length > virtualizeAbove ? (
          <List<RowData<T>>
            role="rowgroup"
            className="virtual-table__body"
            style={{ minWidth: width }}
            scrollElement={scroller}
            rowComponent={Row<T>}
            rowCount={rows.length}
            rowHeight={ROW_HEIGHT}
            rowProps={rowProps}
            overscanCount={8}
          />
        ) : (
          <div role="rowgroup" className="virtual-table__body" style={{ minWidth: width }}>
            {rows.map((row, index) => (
              <Row key={rowKey(row)} index={index} style={{}} {...rowProps} />
            ))}
          </div>
        )}
        {rows.length === 0 && <div className="virtual-table__empty">{loading ? '\u00a0' : (emptyText ?? t('ui.empty'))}</div>}
      </div>
      {loading && (
        <div className="virtual-table__loading" role="status">
          <span className="virtual-table__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('ui.loading')}</span>
        </div>
      )}
    </div>
  )
}
