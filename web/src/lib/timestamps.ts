/**
 * Date-times the browser makes itself, in the server's zone (docs/decisions.md "Time"): the
 * server answers every stored time already written `YYYY-MM-DD HH:mm:ss` in its zone
 * (`ADEVAL_TIMEZONE`); what the app writes on its own — a picker's value as unix seconds and
 * back, a progress entry's clock, today — uses that zone too, so a browser elsewhere shows and
 * filters the times the lists show. The server names its zone in the page it serves
 * (`<meta name="adeval-time-zone">`); without one (the Vite dev server) it is the default.
 */

const DEFAULT_ZONE = 'Asia/Shanghai'

/** The server's zone: the page's meta tag, else the default. */
export function serverZone(): string {
  const named = typeof document === 'undefined' ? null : document.querySelector('meta[name="adeval-time-zone"]')?.getAttribute('content')
  return named || DEFAULT_ZONE
}

const pad = (n: number) => String(n).padStart(2, '0')

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number }

const formats = new Map<string, Intl.DateTimeFormat>()

/** The wall clock of `ms` in `zone`. */
function wall(ms: number, zone: string): Wall {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(zone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]))
  return { year: part.year, month: part.month, day: part.day, hour: part.hour, minute: part.minute, second: part.second }
}

const asUtc = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)

/** Minutes `zone` is ahead of UTC at `ms`. */
function offsetMinutes(ms: number, zone: string): number {
  const whole = Math.floor(ms / 1000) * 1000
  return (asUtc(wall(whole, zone)) - whole) / 60_000
}

const dayText = (w: Wall) => `${w.year}-${pad(w.month)}-${pad(w.day)}`
const clockText = (w: Wall) => `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`

/** `YYYY-MM-DDTHH:mm:ss` for unix seconds (text, as URL queries hold them); '' when unset or bad. */
export function toDateTimeInput(seconds: string | undefined, zone = serverZone()): string {
  const n = Number(seconds)
  if (!seconds || !Number.isFinite(n)) return ''
  const w = wall(n * 1000, zone)
  return `${dayText(w)}T${clockText(w)}`
}

/** Unix seconds (as text) of a picker's `YYYY-MM-DDTHH:mm[:ss]` in the zone; undefined when empty or bad. */
export function fromDateTimeInput(value: string, zone = serverZone()): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)
  if (!m) return undefined
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0))
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  if (!Number.isFinite(asIfUtc)) return undefined
  // The offset where the wall clock falls, taken twice so a clock change between the guess and
  // the answer is followed.
  const guess = asIfUtc - offsetMinutes(asIfUtc, zone) * 60_000
  const ms = asIfUtc - offsetMinutes(guess, zone) * 60_000
  return String(Math.floor(ms / 1000))
}

/** `YYYY-MM-DD` of a moment in the server's zone (today by default). */
export const localDay = (d: Date = new Date(), zone = serverZone()) => dayText(wall(d.getTime(), zone))

/** `HH:mm:ss` of a moment in the server's zone (now by default). */
export const localClock = (d: Date = new Date(), zone = serverZone()) => clockText(wall(d.getTime(), zone))

/** A moment as ISO 8601 with the zone's offset (`2026-03-01T09:00:00+08:00`), as `<time dateTime>` takes it. */
export function localIso(d: Date, zone = serverZone()): string {
  const east = offsetMinutes(d.getTime(), zone)
  const off = Math.abs(east)
  return `${localDay(d, zone)}T${localClock(d, zone)}${east >= 0 ? '+' : '-'}${pad(Math.floor(off / 60))}:${pad(off % 60)}`
}

/**
 * Now as a `Date` whose own fields (`getDate`, `getHours` …, read in the browser's zone) are the
 * server zone's wall clock: for the calendars and their presets, which count days in those fields.
 */
export function serverNow(zone = serverZone()): Date {
  const w = wall(Date.now(), zone)
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const next = new Date(Date.UTC(y, m - 1, d + 1))
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}
