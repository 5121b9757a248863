/**
 * The text of the date fields: what they show, what they accept when typed, and the value
 * strings they exchange (the same the forms and filters sent before: `YYYY-MM-DD`, `YYYY-MM`
 * and `YYYY-MM-DDTHH:mm:ss`): wall-clock texts, which the date-time filters read in the server's
 * zone (`lib/timestamps`).
 */

export type DateKind = 'date' | 'month' | 'datetime'

const pad = (n: number) => String(n).padStart(2, '0')

export const formatDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
export const formatMonth = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`
export const formatDateTime = (d: Date) =>
  `${formatDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`

/** A real calendar day, or undefined (2026-02-30 is not one). */
function day(y: number, m: number, d: number, h = 0, min = 0, s = 0): Date | undefined {
  if (m < 1 || m > 12 || d < 1 || h > 23 || min > 59 || s > 59) return undefined
  const date = new Date(y, m - 1, d, h, min, s)
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : undefined
}

// Typed dates: 2026-03-01, 2026/3/1, 2026.3.1, 20260301 (the formats the imports accept too).
const DAY = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/
const MONTH = /^(\d{4})(?:[-/.](\d{1,2})|(\d{2}))$/
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/

function parseDayText(text: string): Date | undefined {
  const m = COMPACT_DAY.exec(text) ?? (/[-/.]/.test(text) ? DAY.exec(text) : null)
  return m ? day(Number(m[1]), Number(m[2]), Number(m[3])) : undefined
}

/** The Date a typed or stored text means, or undefined when it means none. */
export function parseDateText(kind: DateKind, raw: string): Date | undefined {
  const text = raw.trim()
  if (!text) return undefined
  if (kind === 'date') return parseDayText(text)
  if (kind === 'month') {
    const m = MONTH.exec(text)
    return m ? day(Number(m[1]), Number(m[2] ?? m[3]), 1) : undefined
  }
  const [date, time = '00:00:00', extra] = text.split(/[T\s]+/)
  if (extra !== undefined) return undefined
  const d = parseDayText(date)
  const t = TIME.exec(time)
  if (!d || !t) return undefined
  return day(d.getFullYear(), d.getMonth() + 1, d.getDate(), Number(t[1]), Number(t[2]), Number(t[3] ?? 0))
}

/** The value string of a Date. */
export function formatValue(kind: DateKind, d: Date): string {
  return kind === 'date' ? formatDay(d) : kind === 'month' ? formatMonth(d) : formatDateTime(d)
}

/** What the field shows for a value: the value itself, a date-time with a space for the T. */
export function displayText(kind: DateKind, value: string): string {
  return kind === 'datetime' ? value.replace('T', ' ') : value
}

/** The placeholder showing the expected shape, the same in every language. */
export const PLACEHOLDERS: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  datetime: 'YYYY-MM-DD HH:mm:ss',
}

