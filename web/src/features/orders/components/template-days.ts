import type { Schema } from '@/types/call'
import type { TemplateLine } from '../api/get-order-template'

/** docs/screens.md "Constants": the template pager shows 10 lines a page. */
export const TEMPLATE_PAGE_SIZE = 10

export type DayColumn = {
  d: number
  /** Two digits, as the spec labels the days: 01 … 31. */
  label: string
  /** `YYYY-MM-DD`. */
  date: string
  /** 0 Sunday … 6 Saturday. */
  weekday: number
  weekend: boolean
}

export const dayLabel = (d: number) => String(d).padStart(2, '0')

/** The weekday (0 Sunday … 6 Saturday) of day `d` of month `ym` (`YYYY-MM`); UTC, so no zone shifts it. */
export function weekdayOf(ym: string, d: number): number {
  const [y, m] = ym.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/** Days in month `ym`, when the server's count is missing. */
export function daysInMonth(ym: string): number {
  const [y, m] = ym.split('-').map(Number)
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** One column per day of the month (`days` as the server counts them), weekends marked. */
export function dayColumns(ym: string, days: number = daysInMonth(ym)): DayColumn[] {
  return Array.from({ length: days }, (_, i) => {
    const d = i + 1
    const weekday = weekdayOf(ym, d)
    return { d, label: dayLabel(d), date: `${ym}-${dayLabel(d)}`, weekday, weekend: weekday === 0 || weekday === 6 }
  })
}

/** A line's spots by day of the month (only days with spots are listed). */
export function pointsByDay(line: Pick<TemplateLine, 'order_template_ymd'>): Map<number, number> {
  const points = new Map<number, number>()
  for (const { d, point } of line.order_template_ymd) points.set(d, (points.get(d) ?? 0) + point)
  return points
}

export const lineTotal = (line: Pick<TemplateLine, 'order_template_ymd'>) => line.order_template_ymd.reduce((sum, c) => sum + c.point, 0)

export const pageCount = (total: number, size = TEMPLATE_PAGE_SIZE) => Math.max(1, Math.ceil(total / size))

/** `page` kept between 1 and the last page (a re-import may leave fewer lines). */
export const clampPage = (page: number, total: number, size = TEMPLATE_PAGE_SIZE) => Math.min(Math.max(1, page), pageCount(total, size))

/** The lines of page `page` (1-based, clamped). */
export function pageOf<T>(items: T[], page: number, size = TEMPLATE_PAGE_SIZE): T[] {
  const start = (clampPage(page, items.length, size) - 1) * size
  return items.slice(start, start + size)
}

/** A day's cell: its spots and what a confirmed certificate said of them (isHe 2 verified,
 * reasonDisappearance '1' short, aired the spots it confirmed). */
type MarkedCell = Schema<'TemplateDay'>

/** A day's state after a confirmed certificate: every spot aired (grey), or short (flagged). */
export type DayMark = { state: 'verified' | 'missing'; aired: number; point: number }

/**
 * The certificate's marks by day of the month: a day with a short cell is flagged (what needs
 * attention wins), a day whose cells are all verified is greyed; unmarked days are not listed.
 */
export function marksByDay(line: { order_template_ymd: MarkedCell[] }): Map<number, DayMark> {
  const marks = new Map<number, DayMark>()
  const byDay = new Map<number, MarkedCell[]>()
  for (const cell of line.order_template_ymd) byDay.set(cell.d, [...(byDay.get(cell.d) ?? []), cell])
  for (const [d, cells] of byDay) {
    const aired = cells.reduce((sum, c) => sum + (c.aired), 0)
    const point = cells.reduce((sum, c) => sum + c.point, 0)
    if (cells.some((c) => c.reasonDisappearance === '1')) marks.set(d, { state: 'missing', aired, point })
    else if (cells.every((c) => c.isHe === 2)) marks.set(d, { state: 'verified', aired, point })
  }
  return marks
}
