import { fromDateTimeInput, toDateTimeInput } from '@/lib/timestamps'
import { DateRangePicker } from './date-range-picker'

type Props = {
  /** Names the group, shown before the inputs; the inputs are startLabel and endLabel. */
  label: string
  startLabel: string
  endLabel: string
  /** Unix seconds as text, or undefined. */
  from?: string
  to?: string
  onChange: (from: string | undefined, to: string | undefined) => void
}

/** A date-time range exchanging unix seconds (the list calls' time filters). */
export function DateTimeRange({ label, startLabel, endLabel, from, to, onChange }: Props) {
  return (
    <DateRangePicker
      kind="datetime"
      className="datetime-range"
      label={label}
      startLabel={startLabel}
      endLabel={endLabel}
      showLabel
      from={toDateTimeInput(from)}
      to={toDateTimeInput(to)}
      onChange={(start, end) => onChange(fromDateTimeInput(start), fromDateTimeInput(end))}
    />
  )
}
