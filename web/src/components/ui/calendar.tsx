import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { serverNow } from '@/lib/timestamps'
import { formatDay, formatMonth, parseDateText, type DateKind } from './date-text'

// The app's calendar (react-day-picker and date-fns were 20 KB gzip for this). Its
// markup, names and keys are react-day-picker 9's as the app used it (`rdp-` classes, `data-day`
// on each day, a grid per month, the same labels in both languages); calendar.diff.{zh,en}.test.tsx
// renders both and compares them, markup and keyboard.

/** The days that can be picked: none before `before` nor after `after`. */
export type DayBounds = { before?: Date; after?: Date }

export type CalendarProps = {
  mode: 'single' | 'range'
  selected?: Date | { from: Date; to: Date }
  /** The first month shown (this month when not given). */
  defaultMonth?: Date
  numberOfMonths?: number
  disabled?: DayBounds
  /** A day was clicked or chosen with Enter or Space. */
  onPick: (day: Date) => void
}

/** The first day of the week in a language: Monday in Chinese, Sunday in English. */
export const weekStart = (lng: string) => (lng === 'en' ? 0 : 1)

/** Days outside optional `min`/`max` values (of the field's kind) can't be picked. */
export function dayBounds(kind: DateKind, min?: string, max?: string): DayBounds {
  return { before: min ? parseDateText(kind, min) : undefined, after: max ? parseDateText(kind, max) : undefined }
}

const at = (y: number, m: number, d: number) => new Date(y, m, d)
const dayOf = (d: Date) => at(d.getFullYear(), d.getMonth(), d.getDate())
const addDays = (d: Date, n: number) => at(d.getFullYear(), d.getMonth(), d.getDate() + n)
const monthOf = (d: Date, n = 0) => at(d.getFullYear(), d.getMonth() + n, 1)
const sameDay = (a: Date, b: Date) => formatDay(a) === formatDay(b)
/** The same day n months on, on the month's last day where it has fewer (31 Jan → 28 Feb). */
function addMonths(d: Date, n: number): Date {
  const last = at(d.getFullYear(), d.getMonth() + n + 1, 0).getDate()
  return at(d.getFullYear(), d.getMonth() + n, Math.min(d.getDate(), last))
}

const isDisabled = (day: Date, bounds?: DayBounds) =>
  Boolean((bounds?.before && day < dayOf(bounds.before)) || (bounds?.after && day > dayOf(bounds.after)))

/** Six weeks from the week the month starts in. */
function monthDays(month: Date, firstWeekday: number): Date[] {
  const start = addDays(month, -((month.getDay() - firstWeekday + 7) % 7))
  return Array.from({ length: 42 }, (_, i) => addDays(start, i))
}

/** Where a key moves the focus from `day`: by day, week, month or year, or to the week's ends. */
function keyMove(key: string, shift: boolean, day: Date, firstWeekday: number): Date | undefined {
  const weekday = (day.getDay() - firstWeekday + 7) % 7
  switch (key) {
    case 'ArrowLeft':
      return shift ? addMonths(day, -1) : addDays(day, -1)
    case 'ArrowRight':
      return shift ? addMonths(day, 1) : addDays(day, 1)
    case 'ArrowUp':
      return shift ? addMonths(day, -12) : addDays(day, -7)
    case 'ArrowDown':
      return shift ? addMonths(day, 12) : addDays(day, 7)
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1)
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1)
    case 'Home':
      return addDays(day, -weekday)
    case 'End':
      return addDays(day, 6 - weekday)
  }
}

/** English ordinals for the English day names ("March 5th"), as react-day-picker's were. */
const ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }

function useNames(lng: string) {
  const { t } = useTranslation('dates')
  const locale = lng === 'en' ? 'en-US' : lng
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' })
  const narrow = new Intl.DateTimeFormat(locale, { weekday: lng === 'en' ? 'short' : 'narrow' })
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long' })
  const caption = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' })
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' })
  return {
    t,
    locale,
    caption: (month: Date) => caption.format(month),
    weekday: (d: Date) => weekday.format(d),
    // Two letters in English (Mo, Tu), one character in Chinese (一, 二).
    weekdayShort: (d: Date) => narrow.format(d).slice(0, 2),
    day: (d: Date, today: boolean, selected: boolean) => {
      const name = t('dayName', {
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        monthName: monthName.format(d),
        date: d.getDate(),
        ordinal: ORDINALS[ordinal.select(d.getDate())] ?? '',
        weekday: weekday.format(d),
      })
      const named = today ? t('dayToday', { day: name }) : name
      return selected ? t('daySelected', { day: named }) : named
    },
  }
}

/** A day as shown in one month's grid (a day outside the month shows in two). */
type Shown = { date: Date; month: Date }
const sameShown = (a: Shown | undefined, b: Shown) => Boolean(a && sameDay(a.date, b.date) && a.month.getTime() === b.month.getTime())

/**
 * Months of days in the app's language: arrows move the focus by day and week (with Shift by
 * month and year), PageUp and PageDown by month (with Shift by year), Home and End to the
 * week's ends — past days that can't be picked and into the months before and after; Enter or
 * Space picks. It opens with the focus on the day last focused, else the selected day, else
 * today, else the first day that can be picked.
 */
export function Calendar({ mode, selected, defaultMonth, numberOfMonths = 1, disabled, onPick }: CalendarProps) {
  const { i18n } = useTranslation()
  const names = useNames(i18n.language)
  const firstWeekday = weekStart(i18n.language)
  const [month, setMonth] = useState(() => monthOf(defaultMonth ?? serverNow()))
  const months = Array.from({ length: numberOfMonths }, (_, i) => monthOf(month, i))
  const grid = months.map((m) => monthDays(m, firstWeekday).map((date): Shown => ({ date, month: m })))
  const today = dayOf(serverNow())
  const range = selected && !(selected instanceof Date) ? { from: dayOf(selected.from), to: dayOf(selected.to) } : undefined
  // A range typed end first is still the days between its ends.
  const span = range && (range.from <= range.to ? range : { from: range.to, to: range.from })
  const isSelected = (d: Date) => (selected instanceof Date ? sameDay(d, selected) : span ? d >= span.from && d <= span.to : false)
  const outside = (s: Shown) => s.date.getMonth() !== s.month.getMonth()
  const focusable = (s: Shown) => !outside(s) && !isDisabled(s.date, disabled)

  // The day with the focus (the one it goes to on opening), and the one that had it last.
  const [lastFocused, setLastFocused] = useState<Shown>()
  const targetIn = (days: Shown[], last?: Shown) =>
    days.find((s) => focusable(s) && sameShown(last, s)) ??
    days.find((s) => focusable(s) && isSelected(s.date)) ??
    days.find((s) => focusable(s) && sameDay(s.date, today)) ??
    days.find(focusable)
  const [focused, setFocused] = useState<Shown | undefined>(() => targetIn(grid.flat()))
  const target = targetIn(grid.flat(), lastFocused)
  const root = useRef<HTMLDivElement>(null)
  // The focused day's button takes the focus when the focused day changes (as on opening).
  const focusedIndex = focused ? months.findIndex((m) => m.getTime() === focused.month.getTime()) : -1
  const focusedId = focused && `${focusedIndex}/${formatDay(focused.date)}`
  useEffect(() => {
    if (!focusedId) return
    const [i, d] = focusedId.split('/')
    root.current?.querySelectorAll('.rdp-month')[Number(i)]?.querySelector<HTMLButtonElement>(`[data-day="${d}"] button`)?.focus()
  }, [focusedId])

  const onKeyDown = (e: KeyboardEvent) => {
    if (!focused || !keyMove(e.key, e.shiftKey, focused.date, firstWeekday)) return
    e.preventDefault()
    e.stopPropagation()
    // Past days that can't be picked, in the same direction, for up to a year of tries.
    let next = keyMove(e.key, e.shiftKey, focused.date, firstWeekday)!
    for (let tries = 0; isDisabled(next, disabled); tries++) {
      if (tries >= 365) return
      next = keyMove(e.key, e.shiftKey, next, firstWeekday)!
    }
    const shown = { date: next, month: monthOf(next) }
    if (!grid.flat().some((s) => sameShown(shown, s))) setMonth(monthOf(next))
    setFocused(shown)
  }

  return (
    <div
      ref={root}
      className="rdp-root calendar"
      lang={names.locale}
      data-mode={mode}
      data-multiple-months={numberOfMonths > 1 ? 'true' : undefined}
    >
      <div className="rdp-months">
        <nav className="rdp-nav" aria-label={names.t('navigation')}>
          <button type="button" className="rdp-button_previous" aria-label={names.t('previousMonth')} onClick={() => setMonth(monthOf(month, -1))}>
            <Chevron back />
          </button>
          <button type="button" className="rdp-button_next" aria-label={names.t('nextMonth')} onClick={() => setMonth(monthOf(month, 1))}>
            <Chevron />
          </button>
        </nav>
        {months.map((m, i) => (
          <div key={formatMonth(m)} className="rdp-month">
            <div className="rdp-month_caption">
              <span className="rdp-caption_label" role="status" aria-live="polite">
                {names.caption(m)}
              </span>
            </div>
            <table role="grid" aria-multiselectable={mode === 'range'} aria-label={names.caption(m)} className="rdp-month_grid">
              <thead aria-hidden="true">
                <tr className="rdp-weekdays">
                  {grid[i].slice(0, 7).map(({ date }) => (
                    <th key={date.getDay()} aria-label={names.weekday(date)} className="rdp-weekday" scope="col">
                      {names.weekdayShort(date)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="rdp-weeks">
                {Array.from({ length: 6 }, (_, w) => (
                  <tr key={w} className="rdp-week">
                    {grid[i].slice(w * 7, w * 7 + 7).map((s) => (
                      <Day
                        key={formatDay(s.date)}
                        shown={s}
                        outside={outside(s)}
                        off={isDisabled(s.date, disabled)}
                        today={sameDay(s.date, today)}
                        selected={isSelected(s.date)}
                        edges={range}
                        focused={sameShown(focused, s)}
                        target={sameShown(target, s)}
                        label={names.day}
                        onClick={() => {
                          setFocused(s)
                          if (!isDisabled(s.date, disabled)) onPick(s.date)
                        }}
                        onFocus={() => setFocused(s)}
                        onBlur={() => {
                          setLastFocused(focused)
                          setFocused(undefined)
                        }}
                        onKeyDown={onKeyDown}
                      />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </div>
  )
}

type DayProps = {
  shown: Shown
  outside: boolean
  off: boolean
  today: boolean
  selected: boolean
  /** The selected range, whose ends and middle days are marked. */
  edges?: { from: Date; to: Date }
  focused: boolean
  /** The day Tab reaches in the grid. */
  target: boolean
  label: (d: Date, today: boolean, selected: boolean) => string
  onClick: () => void
  onFocus: () => void
  onBlur: () => void
  onKeyDown: (e: KeyboardEvent) => void
}

function Day({ shown: { date }, outside, off, today, selected, edges, focused, target, label, ...on }: DayProps) {
  const start = Boolean(edges && sameDay(date, edges.from))
  const end = Boolean(edges && sameDay(date, edges.to))
  const middle = Boolean(edges && date > (edges.from < edges.to ? edges.from : edges.to) && date < (edges.from < edges.to ? edges.to : edges.from))
  const classes = ['rdp-day', selected && 'rdp-selected', off && 'rdp-disabled', focused && 'rdp-focused', today && 'rdp-today', outside && 'rdp-outside', start && 'rdp-range_start', middle && 'rdp-range_middle', end && 'rdp-range_end']
  return (
    <td
      className={classes.filter(Boolean).join(' ')}
      role="gridcell"
      aria-selected={selected || undefined}
      data-day={formatDay(date)}
      data-month={outside ? formatMonth(date) : undefined}
      data-selected={selected || undefined}
      data-disabled={off || undefined}
      data-outside={outside || undefined}
      data-focused={focused || undefined}
      data-today={today || undefined}
    >
      <button
        className="rdp-day_button"
        type="button"
        // The focused day stays focusable when it can't be picked, so the keys still move from it.
        disabled={(off && !focused) || undefined}
        aria-disabled={(off && focused) || undefined}
        tabIndex={target ? 0 : -1}
        aria-label={label(date, today, selected)}
        {...on}
        onClick={(e) => {
          e.preventDefault()
          e.stopPropagation()
          on.onClick()
        }}
      >
        {date.getDate()}
      </button>
    </td>
  )
}
function Chevron({ back }: { back?: boolean }) {
  return (
    <svg className="rdp-chevron" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  )
}
