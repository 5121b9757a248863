import type { InputHTMLAttributes, Ref } from 'react'
import { useTranslation } from '@/lib/i18n'
import { displayText, PLACEHOLDERS, type DateKind } from './date-text'
import { toast } from './toast-store'
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
 *  and put back in the kind's shape when the field is left (a warning says when text that
 *  is no date, 2026-02-30 say, was dropped). */
export function DateTextInput({ kind, value, onChange, onBlur, placeholder, ref, ...input }: Props) {
  const { t } = useTranslation('dates')
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
        // Text that is no date is dropped on leaving; say so rather than let it vanish.
        const dropped = settle()
        if (dropped) {
          toast.warning(value ? t('notADateKept', { text: dropped, value: displayText(kind, value) }) : t('notADate', { text: dropped }))
        }
        onBlur?.()
      }}
    />
  )
}
