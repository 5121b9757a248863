import type { Ref } from 'react'

export type CheckOption = { id: number; label: string }

type Props = {
  options: CheckOption[]
  value: number[]
  onChange: (value: number[]) => void
  /** Shown instead of the options (nothing to choose from yet, or none exist). */
  hint?: string
  disabled?: boolean
  /** The first checkbox, so a validation error can focus the field. */
  ref?: Ref<HTMLInputElement>
}

/**
 * A multi-select as a scrolling list of checkboxes, inside a FormGroup that names it (the
 * dialog's tapes and suits): Tab reaches each box, Space ticks it. Choices keep the order
 * they were ticked in.
 */
export function CheckList({ options, value, onChange, hint, disabled, ref }: Props) {
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id))
  if (hint) return <p className="check-list check-list__hint">{hint}</p>
  return (
    <div className="check-list">
      {options.map((o, i) => (
        <label key={o.id} className="choice">
          <input
            ref={i === 0 ? ref : undefined}
            type="checkbox"
            checked={value.includes(o.id)}
            disabled={disabled}
            onChange={(e) => toggle(o.id, e.target.checked)}
          />
          {o.label}
        </label>
      ))}
    </div>
  )
}
