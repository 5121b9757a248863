import { Fragment, type Key, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import { SAMPLED_ROWS, fitTimes, isTimeText } from './time-text'
import './data-table.css'

export type Column<T> = {
  key: string
  title: ReactNode
  width?: number | string
  align?: 'left' | 'center' | 'right'
  /** Defaults to the row's field named `key`. */
  render?: (row: T, index: number) => ReactNode
  /** Neighbouring columns with the same group get a shared header above their own. */
  group?: string
  /** Stays in view while a wide table scrolls sideways (the first or last columns). */
  fixed?: 'left' | 'right'
}

export type Expandable<T> = {
  /** The content shown under an expanded row (e.g. a child table). */
  render: (row: T) => ReactNode
  expanded: ReadonlySet<Key>
  onToggle: (key: Key) => void
  /** Rows without anything to expand get no toggle (default: every row has one). */
  rowExpandable?: (row: T) => boolean
}

type Props<T> = {
  columns: Column<T>[]
  data: T[] | undefined
  loading?: boolean
  rowKey?: (row: T) => Key
  expandable?: Expandable<T>
  emptyText?: ReactNode
  /** Accessible name of the table. */
  label?: string
}

function cell<T>(column: Column<T>, row: T, index: number): ReactNode {
  if (column.render) return column.render(row, index)
  const value = (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined || value === '' ? '-' : String(value)
}

const byId = (row: unknown) => (row as { id: Key }).id

const fixedClass = (c: { fixed?: 'left' | 'right' }) => (c.fixed ? `data-table__fixed data-table__fixed--${c.fixed}` : undefined)

type HeaderCell<T> = { column: Column<T>; span: number }

/** The header's first row when columns are grouped: one cell per ungrouped column or group run. */
function headerRuns<T>(columns: Column<T>[]): HeaderCell<T>[] {
  const runs: HeaderCell<T>[] = []
  for (const column of columns) {
    const last = runs[runs.length - 1]
    if (column.group && last?.column.group === column.group) last.span++
    else runs.push({ column, span: 1 })
  }
  return runs
}

/** The cells' horizontal padding (`.table` in controls.css). */
const PADDING = 12

function Header<T>({ columns, toggle, widths }: { columns: Column<T>[]; toggle: boolean; widths: Map<string, number | string | undefined> }) {
  const th = (c: Column<T>, rowSpan?: number) => (
    <th key={c.key} rowSpan={rowSpan} className={fixedClass(c)} style={{ width: widths.get(c.key), textAlign: c.align }}>
      {c.title}
    </th>
  )
  if (!columns.some((c) => c.group)) {
    return (
      <tr>
        {toggle && <th className="data-table__toggle" aria-hidden="true" />}
        {columns.map((c) => th(c))}
      </tr>
    )
  }
  return (
    <>
      <tr>
        {toggle && <th className="data-table__toggle" rowSpan={2} aria-hidden="true" />}
        {headerRuns(columns).map(({ column, span }) =>
          column.group ? (
            <th key={`group-${column.key}`} colSpan={span} scope="colgroup" className="data-table__group">
              {column.group}
            </th>
          ) : (
            th(column, 2)
          ),
        )}
      </tr>
      <tr>{columns.filter((c) => c.group).map((c) => th(c))}</tr>
    </>
  )
}

/** A table over `.table`: columns, loading overlay, empty state and optional expandable rows. */
export function DataTable<T>({ columns, data, loading, rowKey = byId, expandable, emptyText, label }: Props<T>) {
  const { t } = useTranslation('admin')
  const rows = data ?? []
  const span = columns.length + (expandable ? 1 : 0)
  // A column of dates or times is at least as wide as they are, even in a fixed layout.
  const sample = rows.slice(0, SAMPLED_ROWS)
  const widths = new Map(columns.map((c) => [c.key, fitTimes(c.width, sample.map((row, i) => cell(c, row, i)), PADDING)]))

  return (
    // The wrapper scrolls sideways when the columns overflow: focusable and named, a keyboard
    // user can scroll it with the arrow keys (WCAG 2.1.1, axe scrollable-region-focusable).
    <div
      className={`data-table${columns.some((c) => c.fixed) ? ' data-table--fixed' : ''}`}
      aria-busy={loading || undefined}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="table" aria-label={label}>
        <thead>
          <Header columns={columns} toggle={Boolean(expandable)} widths={widths} />
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = rowKey(row)
            const canExpand = expandable ? (expandable.rowExpandable?.(row) ?? true) : false
            const open = canExpand && (expandable?.expanded.has(key) ?? false)
            return (
              <Fragment key={key}>
                <tr data-row-key={key}>
                  {expandable && (
                    <td className="data-table__toggle">
                      {canExpand && (
                        <button
                          type="button"
                          className={`data-table__caret${open ? ' data-table__caret--open' : ''}`}
                          aria-expanded={open}
                          aria-label={open ? t('ui.collapse') : t('ui.expand')}
                          onClick={() => expandable.onToggle(key)}
                        >
                          ›
                        </button>
                      )}
                    </td>
                  )}
                  {columns.map((c) => {
                    const content = cell(c, row, index)
                    // A date-time never wraps: its column widens to it (time-text.ts).
                    const time = isTimeText(content) ? 'data-table__time' : undefined
                    return (
                      <td key={c.key} className={[fixedClass(c), time].filter(Boolean).join(' ') || undefined} style={{ textAlign: c.align }}>
                        {content}
                      </td>
                    )
                  })}
                </tr>
                {expandable && open && (
                  <tr className="data-table__expanded">
                    <td colSpan={span}>{expandable.render(row)}</td>
                  </tr>
                )}
              </Fragment>
            )
          })}
          {rows.length === 0 && (
            <tr className="data-table__empty">
              <td colSpan={span}>
                <span className="data-table__empty-text">{loading ? '\u00a0' : (emptyText ?? t('ui.empty'))}</span>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loading && (
        <div className="data-table__loading" role="status">
          <span className="data-table__spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('ui.loading')}</span>
        </div>
      )}
    </div>
  )
}
