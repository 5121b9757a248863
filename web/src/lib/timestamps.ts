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
