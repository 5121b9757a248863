import { Popover } from 'radix-ui'
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import './date-picker.css'

type Props = {
  /** The field's text input(s); `inputProps` wires each to the popup. */
  children: (inputProps: InputPopupProps) => ReactNode
  /** The popup's content; `close` closes it and puts the focus back in the field. */
  content: (close: () => void) => ReactNode
  /** Names the popup (a dialog) for assistive technology. */
  label: string
  disabled?: boolean
  className?: string
}

export type InputPopupProps = {
  'aria-keyshortcuts': string
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void
  onFocus: (e: { currentTarget: HTMLInputElement }) => void
}

/**
 * A field of text input(s) with a calendar button, and the calendar's popup (Radix Popover).
 * ArrowDown (or Alt+ArrowDown) in an input or Enter/Space on the button opens it; Escape or a
 * pick closes it and returns the focus to the input last used. Enter in an input stays the
 * input's own (it submits a search or adds a blank day), so typing a date keeps working.
 */
export function DatePopover({ children, content, label, disabled, className }: Props) {
  const { t } = useTranslation('dates')
  const [open, setOpen] = useState(false)
  const lastInput = useRef<HTMLInputElement | null>(null)
  const fieldRef = useRef<HTMLSpanElement>(null)
  // A click elsewhere closes the popup and keeps the focus where the click put it.
  const closedOutside = useRef(false)

  // The inputs stay plain text boxes (the button carries the popup's state): ArrowDown is a
  // shortcut announced with aria-keyshortcuts.
  const inputProps: InputPopupProps = {
    'aria-keyshortcuts': 'ArrowDown',
    onFocus: (e) => {
      lastInput.current = e.currentTarget
    },
    onKeyDown: (e) => {
      if (e.key !== 'ArrowDown' || disabled) return
      e.preventDefault()
      lastInput.current = e.currentTarget
      setOpen(true)
    },
  }
  const close = () => setOpen(false)

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) closedOutside.current = false
        setOpen(next)
      }}
    >
      <Popover.Anchor asChild>
        <span ref={fieldRef} className={`date-field${className ? ` ${className}` : ''}`}>
          {children(inputProps)}
          <Popover.Trigger className="date-field__button" aria-label={t('openCalendar')} disabled={disabled}>
            <CalendarIcon />
          </Popover.Trigger>
        </span>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className="date-popup"
          align="start"
          sideOffset={4}
          aria-label={label}
          // The calendar focuses its selected day (or today) itself.
          onOpenAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={() => {
            closedOutside.current = true
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            if (closedOutside.current) return
            ;(lastInput.current ?? fieldRef.current?.querySelector('input'))?.focus()
          }}
        >
          {content(close)}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  )
}
