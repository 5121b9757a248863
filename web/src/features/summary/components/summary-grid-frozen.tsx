import { memo, useEffect, useState } from 'react'
import type { TFunction } from '@/lib/i18n'
import type { GridRow } from '../api/get-summary-grid'
import { DAY_WIDTH, FIGURES, FIXED, FIXED_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, type Day } from './summary-grid-model'

/*
 * The parts of the summary grid that stay in place while its box scrolls: the header row and
 * the line's own columns on the left (the scrolling day and figure cells are summary-grid-cells).
 */

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

/** The frozen left part of a line (its own row element, indexed like the scrolling part's). */
const LeftRow = memo(function LeftRow({ row, index }: { row: GridRow; index: number }) {
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

const OVERSCAN_ROWS = 12
const MARGIN_ROWS = 3

/** The lines the frozen left pane renders: those in view of the scroller, and a margin. */
function useRowWindow(scroller: HTMLDivElement | null, count: number) {
  const [range, setRange] = useState({ start: 0, stop: Math.min(count, 40) })
  useEffect(() => {
    if (!scroller) return
    const update = () => {
      const top = Math.max(0, scroller.scrollTop - HEADER_HEIGHT)
      const first = Math.floor(top / ROW_HEIGHT)
      const last = Math.ceil((top + scroller.clientHeight) / ROW_HEIGHT)
      // Re-rendered only when the lines in view come near the edge of those rendered.
      setRange((r) => {
        const covered = (r.start === 0 || r.start <= first - MARGIN_ROWS) && (r.stop >= count || r.stop >= last + MARGIN_ROWS)
        if (covered && r.stop <= count) return r
        return { start: Math.max(0, first - OVERSCAN_ROWS), stop: Math.min(count, last + OVERSCAN_ROWS) }
      })
    }
    update()
    scroller.addEventListener('scroll', update, { passive: true })
    const resize = new ResizeObserver(update)
    resize.observe(scroller)
    return () => {
      scroller.removeEventListener('scroll', update)
      resize.disconnect()
    }
  }, [scroller, count])
  return range
}

/**
 * The frozen left pane: its own component, so a scroll re-renders only the lines entering it,
 * not the grid around it.
 */
export const LeftPane = memo(function LeftPane({ scroller, rows }: { scroller: HTMLDivElement | null; rows: GridRow[] }) {
  const { start, stop } = useRowWindow(scroller, rows.length)
  return (
    <div className="summary-grid__left" style={{ width: FIXED_WIDTH, height: rows.length * ROW_HEIGHT }}>
      {rows.slice(start, stop).map((row, i) => <LeftRow key={row.id} row={row} index={start + i} />)}
    </div>
  )
})
