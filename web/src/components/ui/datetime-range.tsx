import { fromDateTimeInput, toDateTimeInput } from '@/lib/timestamps'
import './datetime-range.css'

type Props = {
  /** Names the group; the inputs are "<label> 开始" and "<label> 结束". */
  label: string
  startLabel: string
  endLabel: string
  /** Unix seconds as text, or undefined. */
  from?: string
  to?: string
  onChange: (from: string | undefined, to: string | undefined) => void
}

/** A date-time range of two native inputs, exchanging unix seconds (the list calls' time filters). */
export function DateTimeRange({ label, startLabel, endLabel, from, to, onChange }: Props) {
  const start = toDateTimeInput(from)
  const end = toDateTimeInput(to)
  return (
    <span className="datetime-range" role="group" aria-label={label}>
      <span className="datetime-range__label" aria-hidden="true">{label}</span>
      <input
        className="input datetime-range__input"
        type="datetime-local"
        step={1}
        aria-label={startLabel}
        max={end || undefined}
        value={start}
        onChange={(e) => onChange(fromDateTimeInput(e.target.value), to)}
      />
      <span aria-hidden="true">–</span>
      <input
        className="input datetime-range__input"
        type="datetime-local"
        step={1}
        aria-label={endLabel}
        min={start || undefined}
        value={end}
        onChange={(e) => onChange(from, fromDateTimeInput(e.target.value))}
      />
    </span>
  )
}
