import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { serverNow } from '@/lib/timestamps'
import { Calendar, weekStart } from './calendar'
import { DatePopover, type InputPopupProps } from './date-popover'
import { PRESETS, presetRange } from './date-presets'
import { formatValue, parseDateText, type DateKind } from './date-text'
import { DateTextInput } from './date-text-input'

type Props = {
  kind?: 'date' | 'datetime'
  /** Names the group; the inputs are named by startLabel and endLabel. */
  label: string
  startLabel: string
  endLabel: string
  /** Shows the group's name before the inputs (toolbars without other labels). */
  showLabel?: boolean
  /** Values in the kind's format; '' when unset. */
  from: string
  to: string
  onChange: (from: string, to: string) => void
  className?: string
}

/**
 * A range of two days (or date-times) typed as text or picked in one popup: a preset
 * (今天, 本周, 本月, 上月, 近30天) or two clicks in a two-month calendar. Picked date-times run
 * from 00:00:00 to 23:59:59; times are typed.
 */
export function DateRangePicker({ kind = 'date', label, startLabel, endLabel, showLabel, from, to, onChange, className }: Props) {
  const { t } = useTranslation('dates')
  // A start after the end makes both inputs invalid, so the form refuses to submit (as the
  // native inputs' min and max did) and says why.
  const reversed = Boolean(from && to && from > to) ? t('reversed') : undefined
  const pick = (start: Date, end: Date) => {
    if (kind === 'datetime') end.setHours(23, 59, 59)
    onChange(formatValue(kind, start), formatValue(kind, end))
  }
  return (
    <span className={`date-range${className ? ` ${className}` : ''}`} role="group" aria-label={label}>
      {showLabel && <span className="date-range__label" aria-hidden="true">{label}</span>}
      <DatePopover label={label} content={(close) => <RangeChoices kind={kind} from={from} to={to} onPick={pick} close={close} />}>
        {(popup) => (
          <>
            <RangeInput kind={kind} label={startLabel} value={from} onChange={(v) => onChange(v, to)} popup={popup} invalid={reversed} />
            <span aria-hidden="true">–</span>
            <RangeInput kind={kind} label={endLabel} value={to} onChange={(v) => onChange(from, v)} popup={popup} invalid={reversed} />
          </>
        )}
      </DatePopover>
    </span>
  )
}

type InputProps = {
  kind: DateKind
  label: string
  value: string
  onChange: (v: string) => void
  popup: InputPopupProps
  /** The constraint message that makes the input invalid, if any. */
  invalid?: string
}

function RangeInput({ kind, label, value, onChange, popup, invalid }: InputProps) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => ref.current?.setCustomValidity(invalid ?? ''), [invalid])
  return (
    <DateTextInput
      {...popup}
      ref={ref}
      kind={kind}
      value={value}
      onChange={onChange}
      aria-invalid={invalid ? true : undefined}
      aria-label={label}
    />
  )
}

type ChoicesProps = { kind: DateKind; from: string; to: string; onPick: (from: Date, to: Date) => void; close: () => void }

/** The presets and the calendar; the first click anchors the range, the second ends it. */
function RangeChoices({ kind, from, to, onPick, close }: ChoicesProps) {
  const { t, i18n } = useTranslation('dates')
  const [anchor, setAnchor] = useState<Date | null>(null)
  const start = parseDateText(kind, from)
  const end = parseDateText(kind, to)
  const one = start ?? end
  const selected = anchor ? { from: anchor, to: anchor } : one ? { from: one, to: end ?? one } : undefined
  const commit = (a: Date, b: Date) => {
    onPick(a <= b ? a : b, a <= b ? b : a)
    close()
  }
  return (
    <div className="date-range-popup">
      <div className="date-presets" role="group" aria-label={t('presets')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="btn btn--text btn--small"
            onClick={() => {
              const r = presetRange(p, serverNow(), weekStart(i18n.language))
              commit(r.from, r.to)
            }}
          >
            {t(`preset.${p}`)}
          </button>
        ))}
      </div>
      <Calendar
        mode="range"
        numberOfMonths={2}
        selected={selected}
        defaultMonth={start ?? end}
        onPick={(day) => {
          if (anchor) commit(anchor, day)
          else setAnchor(day)
        }}
      />
    </div>
  )
}
