import type { Ref } from 'react'
import { useTranslation } from '@/lib/i18n'
import { Calendar, dayBounds } from './calendar'
import { DatePopover } from './date-popover'
import { formatValue, parseDateText } from './date-text'
import { DateTextInput } from './date-text-input'

export type DateInputProps = {
  /** `YYYY-MM-DD` (kind date) or `YYYY-MM-DDTHH:mm:ss` (kind datetime); '' when unset. */
  value: string
  onChange: (value: string) => void
  /** Bounds of the days offered, in the value's format. */
  min?: string
  max?: string
  id?: string
  name?: string
  className?: string
  disabled?: boolean
  placeholder?: string
  onBlur?: () => void
  ref?: Ref<HTMLInputElement>
  'aria-label'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
  'aria-describedby'?: string
}

type Props = DateInputProps & {
  kind?: 'date' | 'datetime'
  /** Enter in the text input (the blank-days field adds the day with it). */
  onEnter?: () => void
}

/**
 * A day (or a day and time) typed as text or picked in a calendar. A date-time keeps its
 * time when another day is picked (00:00:00 when it had none); the time is typed.
 */
export function DatePicker({ kind = 'date', value, onChange, min, max, onBlur, onEnter, ref, className, placeholder, ...input }: Props) {
  const { t } = useTranslation('dates')
  const selected = parseDateText(kind, value)
  const pick = (day: Date) => {
    const at = new Date(day)
    if (selected && kind === 'datetime') at.setHours(selected.getHours(), selected.getMinutes(), selected.getSeconds())
    onChange(formatValue(kind, at))
  }
  return (
    <DatePopover
      label={t('calendar')}
      disabled={input.disabled}
      className={className}
      content={(close) => (
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          disabled={dayBounds(kind, min, max)}
          onPick={(day) => {
            pick(day)
            close()
          }}
        />
      )}
    >
      {(popup) => (
        <DateTextInput
          {...input}
          {...popup}
          kind={kind}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          ref={ref}
          placeholder={placeholder}
          onKeyDown={(e) => {
            popup.onKeyDown(e)
            if (e.key !== 'Enter' || !onEnter) return
            e.preventDefault()
            onEnter()
          }}
        />
      )}
    </DatePopover>
  )
}
