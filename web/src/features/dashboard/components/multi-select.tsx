import { Popover } from 'radix-ui'
import { useId } from 'react'
import { useTranslation } from '@/lib/i18n'
import { listOf } from '@/lib/i18n-text'

/** An option; `value` may join several ids with commas (same-named rows merged, filters.ts' byName). */
export type MultiOption = { value: string; label: string }

const idsOf = (o: MultiOption) => o.value.split(',')

type Props = {
  /** Names the field (the button and its popup). */
  label: string
  /** What the button says while nothing is chosen ('全部产品'): no choice is no filter. */
  allText: string
  options: MultiOption[]
  value: string[]
  onChange: (value: string[]) => void
  loading?: boolean
  /** Shown instead of the options (nothing to choose from yet). */
  hint?: string
}

/**
 * A multi-select for a toolbar: a button saying what is chosen opens a list of checkboxes
 * (Radix Popover: Escape or a click outside closes it, the focus returns to the button). Tab
 * reaches each box, Space ticks it; 全选 and 清空 act on the whole list. The button is named
 * by the field and what is chosen, so a screen reader hears both.
 */
export function MultiSelect({ label, allText, options, value, onChange, loading, hint }: Props) {
  const { t } = useTranslation('dashboard')
  const id = useId()
  // An option of several ids is chosen when any of them is (a shared link may name one).
  const isChosen = (o: MultiOption) => idsOf(o).some((v) => value.includes(v))
  const chosen = options.filter(isChosen)
  const summary = chosen.length === 0 ? allText : chosen.length <= 2 ? listOf(chosen.map((o) => o.label), t) : t('chosen', { count: chosen.length })
  const toggle = (o: MultiOption, on: boolean) => {
    const ids = idsOf(o)
    const rest = value.filter((x) => !ids.includes(x))
    onChange(on ? [...rest, ...ids] : rest)
  }
  const message = hint ?? (loading ? t('loadingOptions') : options.length === 0 ? t('noOptions') : undefined)

  return (
    <Popover.Root>
      <span id={`${id}-label`} className="visually-hidden">{label}</span>
      <Popover.Trigger className="input multi-select" aria-labelledby={`${id}-label ${id}-value`}>
        <span id={`${id}-value`} className={chosen.length ? 'multi-select__value' : 'multi-select__value multi-select__value--all'}>{summary}</span>
        <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="multi-select__popup" align="start" sideOffset={4} aria-label={label}>
          {message ? (
            <p className="multi-select__hint">{message}</p>
          ) : (
            <>
              <div className="multi-select__actions">
                <button type="button" className="btn btn--text btn--small" onClick={() => onChange(options.flatMap(idsOf))}>{t('chooseAll')}</button>
                <button type="button" className="btn btn--text btn--small" onClick={() => onChange([])}>{t('clear')}</button>
              </div>
              <ul className="multi-select__list" aria-label={label}>
                {options.map((o) => (
                  <li key={o.value}>
                    <label className="choice">
                      <input type="checkbox" checked={isChosen(o)} onChange={(e) => toggle(o, e.target.checked)} />
                      {o.label}
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
