import { useState, type ChangeEvent } from 'react'
import { displayText, formatValue, parseDateText, type DateKind } from './date-text'

/**
 * The typed text of a date field over its value. A text that means a date changes the value
 * at once (a search submitted with Enter sees it); other text waits, and leaving the field puts
 * back the value's text, so the field always shows what applies.
 */
export function useDateText(kind: DateKind, value: string, onChange: (value: string) => void) {
  const [text, setText] = useState(() => displayText(kind, value))
  const [seen, setSeen] = useState(value)
  // The value this field itself sent from typing: its echo must not rewrite what is being typed
  // ("2026-3-1" stays as typed while it means 2026-03-01).
  const [typed, setTyped] = useState<string | null>(null)
  if (seen !== value) {
    setSeen(value)
    setTyped(null)
    if (value !== typed) setText(displayText(kind, value))
  }

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value
    setText(next)
    const date = parseDateText(kind, next)
    const nextValue = !next.trim() ? '' : date ? formatValue(kind, date) : null
    if (nextValue === null || nextValue === value) return
    setTyped(nextValue)
    onChange(nextValue)
  }
  /** Puts back the value's text; answers the typed text it dropped for meaning no date. */
  const settle = (): string | undefined => {
    setText(displayText(kind, value))
    return text.trim() && !parseDateText(kind, text) ? text.trim() : undefined
  }
  return { text, onInput, settle }
}
