import type { InputHTMLAttributes, Ref } from 'react'
import { PLACEHOLDERS, type DateKind } from './date-text'
import { useDateText } from './use-date-text'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'type'> & {
  kind: DateKind
  /** The value in the kind's format; '' when unset. */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  ref?: Ref<HTMLInputElement>
}

/** The typed side of every date field (day, month, range ends): text read on each keystroke
 *  and put back in the kind's shape when the field is left. */
export function DateTextInput({ kind, value, onChange, onBlur, placeholder, ref, ...input }: Props) {
  const { text, onInput, settle } = useDateText(kind, value, onChange)
  return (
    <input
      {...input}
      ref={ref}
      className="input date-field__input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? PLACEHOLDERS[kind]}
      value={text}
      onChange={onInput}
      onBlur={() => {
        settle()
        onBlur?.()
      }}
    />
  )
}
