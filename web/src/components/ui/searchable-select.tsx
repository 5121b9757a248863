import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from '@/lib/i18n'
import { useAnchoredList } from './use-anchored-list'
import './searchable-select.css'

export type SelectOption<V extends string | number> = { value: V; label: string }

type Props<V extends string | number> = {
  options: SelectOption<V>[]
  /** The chosen value; null (or undefined) when none. */
  value: V | null | undefined
  onChange: (value: V | null) => void
  onBlur?: () => void
  placeholder?: string
  /** Shows a × that clears the choice (default true). */
  clearable?: boolean
  disabled?: boolean
  loading?: boolean
  /** Shown when typing matches nothing (default 无匹配数据). */
  emptyText?: string
  className?: string
  id?: string
  'aria-label'?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  'aria-required'?: boolean
}

/** Case-insensitive "contains" over the labels; an empty query keeps every option. */
export function filterOptions<V extends string | number>(options: SelectOption<V>[], query: string) {
  const q = query.trim().toLowerCase()
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options
}

/**
 * A combobox: type to filter the options, ↑/↓ to move, Enter to choose, Escape to close, × to
 * clear. Used for the brand and audience-group pickers, where native selects get too long.
 */
export function SearchableSelect<V extends string | number>(props: Props<V>) {
  const { options, value, onChange, onBlur, placeholder, clearable = true, disabled, loading } = props
  const { t } = useTranslation('admin')
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)

  const selected = options.find((o) => o.value === value) ?? null
  const shown = open ? filterOptions(options, query) : []
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1))

  const openList = () => {
    if (disabled || open) return
    setQuery('')
    const at = options.findIndex((o) => o.value === value)
    setActive(at < 0 ? 0 : at)
    setOpen(true)
  }
  const close = () => {
    setOpen(false)
    setQuery('')
  }
  const choose = (option: SelectOption<V> | undefined) => {
    if (!option) return
    onChange(option.value)
    close()
  }

  const place = useAnchoredList(open, input, close)

  useEffect(() => {
    list.current?.querySelector('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest' })
  }, [activeIndex, open, place])

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = (delta: number) => {
      e.preventDefault()
      if (!open) return openList()
      if (shown.length) setActive((activeIndex + delta + shown.length) % shown.length)
    }
    if (e.key === 'ArrowDown') move(1)
    else if (e.key === 'ArrowUp') move(-1)
    else if (e.key === 'Enter' && open) {
      e.preventDefault()
      choose(shown[activeIndex])
    } else if (e.key === 'Tab') close()
  }

  const optionId = (i: number) => `${listId}-${i}`
  const showClear = clearable && selected !== null && !disabled

  return (
    <div className={`searchable-select${props.className ? ` ${props.className}` : ''}`} data-open={open || undefined}>
      <input
        ref={input}
        id={props.id}
        className="input searchable-select__input"
        role="combobox"
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        aria-required={props['aria-required']}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown.length ? optionId(activeIndex) : undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={open && selected ? selected.label : placeholder}
        value={open ? query : (selected?.label ?? '')}
        onChange={(e) => {
          if (!open) openList()
          setQuery(e.target.value)
          setActive(0)
        }}
        onClick={openList}
        onBlur={() => {
          close()
          onBlur?.()
        }}
        onKeyDown={onKeyDown}
      />
      {showClear ? (
        <button
          type="button"
          className="searchable-select__clear"
          aria-label={t('ui.clear')}
          tabIndex={-1}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            onChange(null)
            close()
          }}
        >
          ×
        </button>
      ) : (
        <span className="searchable-select__caret" aria-hidden="true">▾</span>
      )}
      {open &&
        place &&
        createPortal(
          <ul ref={list} id={listId} role="listbox" className="searchable-select__list" style={place.style}>
            {shown.map((o, i) => (
              <li
                key={String(o.value)}
                id={optionId(i)}
                role="option"
                aria-selected={o.value === value}
                data-active={i === activeIndex}
                className="searchable-select__option"
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(o)}
              >
                {o.label}
              </li>
            ))}
            {shown.length === 0 && (
              <li className="searchable-select__empty" role="option" aria-selected={false} aria-disabled="true">
                {loading ? t('ui.loading') : (props.emptyText ?? t('ui.noMatch'))}
              </li>
            )}
          </ul>,
          place.host,
        )}
    </div>
  )
}
