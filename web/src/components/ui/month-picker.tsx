import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { DateInputProps } from './date-picker'
import { DatePopover } from './date-popover'
import { formatMonth, parseDateText } from './date-text'
import { DateTextInput } from './date-text-input'

/** A month, `YYYY-MM` ('' when unset), typed as text or picked in a year's grid of months. */
export function MonthPicker({ value, onChange, onBlur, ref, className, placeholder, ...input }: Omit<DateInputProps, 'min' | 'max'>) {
  const { t } = useTranslation('dates')
  return (
    <DatePopover
      label={t('monthPicker')}
      disabled={input.disabled}
      className={className}
      content={(close) => (
        <MonthGrid
          value={value}
          onPick={(month) => {
            onChange(month)
            close()
          }}
        />
      )}
    >
      {(popup) => (
        <DateTextInput
          {...input}
          {...popup}
          kind="month"
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          ref={ref}
          placeholder={placeholder}
        />
      )}
    </DatePopover>
  )
}

// Arrow keys move through the 3-column grid; moving past either end turns the year.
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }

/** Twelve month buttons under a year with previous/next; the focus starts on the chosen month. */
function MonthGrid({ value, onPick }: { value: string; onPick: (month: string) => void }) {
  const { t, i18n } = useTranslation('dates')
  const chosen = parseDateText('month', value)
  const [focus, setFocus] = useState(() => {
    const d = chosen ?? new Date()
    return new Date(d.getFullYear(), d.getMonth(), 1)
  })
  const grid = useRef<HTMLDivElement>(null)
  // The grid takes the focus when it opens and when its keys move it, not after a year button.
  const focusGrid = useRef(true)
  useEffect(() => {
    if (focusGrid.current) grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus()
  }, [focus])
  const year = focus.getFullYear()
  const short = new Intl.DateTimeFormat(i18n.language, { month: 'short' })
  const long = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long' })
  const move = (months: number, fromGrid: boolean) => {
    focusGrid.current = fromGrid
    setFocus((f) => new Date(f.getFullYear(), f.getMonth() + months, 1))
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const step = STEPS[e.key] ?? (e.key === 'PageUp' ? -12 : e.key === 'PageDown' ? 12 : 0)
    if (!step) return
    e.preventDefault()
    move(step, true)
  }

  return (
    <div className="month-grid">
      <div className="month-grid__head">
        <button type="button" className="icon-btn" aria-label={t('previousYear')} onClick={() => move(-12, false)}>‹</button>
        <span className="month-grid__year" aria-live="polite">{year}</span>
        <button type="button" className="icon-btn" aria-label={t('nextYear')} onClick={() => move(12, false)}>›</button>
      </div>
      <div ref={grid} className="month-grid__months" role="group" aria-label={String(year)} onKeyDown={onKeyDown}>
        {Array.from({ length: 12 }, (_, m) => {
          const month = new Date(year, m, 1)
          const key = formatMonth(month)
          return (
            <button
              key={key}
              type="button"
              className="month-grid__month"
              tabIndex={m === focus.getMonth() ? 0 : -1}
              aria-label={long.format(month)}
              aria-pressed={key === value}
              onClick={() => onPick(key)}
            >
              {short.format(month)}
            </button>
          )
        })}
      </div>
    </div>
  )
}
