import { afterEach, describe, expect, it, vi } from 'vitest'
import { dayAfter, fromDateTimeInput, localClock, localDay, localIso, serverNow, serverZone, toDateTimeInput } from './timestamps'

/** Unix seconds of a UTC wall clock. */
const utc = (y: number, mo: number, d: number, h: number, mi: number, s: number) => String(Date.UTC(y, mo - 1, d, h, mi, s) / 1000)

function nameZone(zone: string) {
  const meta = document.createElement('meta')
  meta.name = 'adeval-time-zone'
  meta.content = zone
  document.head.prepend(meta)
}

afterEach(() => document.querySelectorAll('meta[name="adeval-time-zone"]').forEach((m) => m.remove()))

describe('the server zone', () => {
  it('is the one the page names, else Asia/Shanghai', () => {
    expect(serverZone()).toBe('Asia/Shanghai')
    nameZone('America/New_York')
    expect(serverZone()).toBe('America/New_York')
  })

  it('reads and writes pickers in the server zone, whatever the browser zone', () => {
    // The import the bell put at 09:00:29 in Shanghai was 01:00:29 UTC.
    expect(fromDateTimeInput('2026-12-07T09:00:29')).toBe(utc(2026, 12, 7, 1, 0, 29))
    expect(toDateTimeInput(utc(2026, 12, 7, 1, 0, 29))).toBe('2026-12-07T09:00:29')
    nameZone('America/New_York')
    expect(fromDateTimeInput('2026-12-07T09:00:29')).toBe(utc(2026, 12, 7, 14, 0, 29))
    expect(toDateTimeInput(utc(2026, 12, 7, 1, 0, 29))).toBe('2026-12-06T20:00:29')
  })

  it('writes a moment as the server zone shows it', () => {
    const at = new Date(Date.UTC(2026, 11, 7, 1, 0, 29))
    expect([localDay(at), localClock(at), localIso(at)]).toEqual(['2026-12-07', '09:00:29', '2026-12-07T09:00:29+08:00'])
    nameZone('Asia/Kolkata')
    expect(localIso(at)).toBe('2026-12-07T06:30:29+05:30')
    expect(new Date(localIso(at)).getTime()).toBe(at.getTime())
  })
})

describe('the calendars\' now', () => {
  afterEach(() => vi.useRealTimers())

  it('reads the server zone\'s day and clock in the browser\'s own fields', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 7, 17, 30, 5) })
    const shanghai = serverNow()
    expect([shanghai.getFullYear(), shanghai.getMonth() + 1, shanghai.getDate(), shanghai.getHours(), shanghai.getMinutes()]).toEqual([2026, 12, 8, 1, 30])
    const newYork = serverNow('America/New_York')
    expect([newYork.getDate(), newYork.getHours(), newYork.getSeconds()]).toEqual([7, 12, 5])
  })
})

describe('pickers across daylight saving', () => {
  const ny = 'America/New_York'

  it('follows the clock change in spring and autumn', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT (07:00 UTC).
    expect(fromDateTimeInput('2026-03-08T01:30:00', ny)).toBe(utc(2026, 3, 8, 6, 30, 0))
    expect(fromDateTimeInput('2026-03-08T03:30:00', ny)).toBe(utc(2026, 3, 8, 7, 30, 0))
    expect(fromDateTimeInput('2026-07-01T12:00', ny)).toBe(utc(2026, 7, 1, 16, 0, 0))
    // 2026-11-01: 02:00 EDT becomes 01:00 EST (06:00 UTC).
    expect(fromDateTimeInput('2026-11-01T03:00:00', ny)).toBe(utc(2026, 11, 1, 8, 0, 0))
    expect(toDateTimeInput(utc(2026, 7, 1, 16, 0, 0), ny)).toBe('2026-07-01T12:00:00')
  })

  it('round-trips every hour of a year', () => {
    for (let h = 0; h < 365 * 24; h += 7) {
      const seconds = String(Date.UTC(2026, 0, 1) / 1000 + h * 3600)
      for (const zone of [ny, 'Asia/Shanghai', 'Asia/Kolkata']) {
        expect(fromDateTimeInput(toDateTimeInput(seconds, zone), zone)).toBe(seconds)
      }
    }
  })
})

describe('timestamps', () => {
  it('treats a missing or bad value as unset', () => {
    expect(toDateTimeInput(undefined)).toBe('')
    expect(toDateTimeInput('x')).toBe('')
    expect(fromDateTimeInput('')).toBeUndefined()
    expect(fromDateTimeInput('2026-13')).toBeUndefined()
  })

  it('steps to the next day across months, years and leap days', () => {
    expect(dayAfter('2026-02-28')).toBe('2026-03-01')
    expect(dayAfter('2028-02-28')).toBe('2028-02-29')
    expect(dayAfter('2026-12-31')).toBe('2027-01-01')
  })
})
