/** Unix seconds ↔ the date-time pickers' values (`YYYY-MM-DDTHH:mm:ss`), in the browser's zone. */

const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DDTHH:mm:ss` for unix seconds (text, as URL queries hold them); '' when unset or bad. */
export function toDateTimeInput(seconds: string | undefined): string {
  const n = Number(seconds)
  if (!seconds || !Number.isFinite(n)) return ''
  const d = new Date(n * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** Unix seconds (as text) of a date-time value; undefined when empty or bad. */
export function fromDateTimeInput(value: string): string | undefined {
  if (!value) return undefined
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? String(Math.floor(ms / 1000)) : undefined
}

/** `YYYY-MM-DD` of a moment in the browser's zone (today by default). */
export const localDay = (d: Date = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** `HH:mm:ss` of a moment in the browser's zone (now by default). */
export const localClock = (d: Date = new Date()) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`

/** A moment as ISO 8601 with the zone's offset (`2026-03-01T09:00:00+08:00`), as `<time dateTime>` takes it. */
export function localIso(d: Date): string {
  const east = -d.getTimezoneOffset()
  const off = Math.abs(east)
  return `${localDay(d)}T${localClock(d)}${east >= 0 ? '+' : '-'}${pad(Math.floor(off / 60))}:${pad(off % 60)}`
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return localDay(new Date(y, m - 1, d + 1))
}
