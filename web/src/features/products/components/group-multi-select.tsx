import { useEffect, useRef, useState, type ButtonHTMLAttributes, type Ref } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { GroupOption } from '../api/get-brand-groups'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'onChange'> & {
  options: GroupOption[]
  value: number[]
  onChange: (value: number[]) => void
  /** Called instead of opening when there is nothing to choose from yet (no brand). */
  onBlocked?: () => void
  blocked?: boolean
  ref?: Ref<HTMLButtonElement>
}

/**
 * The product dialog's audience/city group multi-select: a field showing the chosen groups
 * that opens a checkbox list below it (in the dialog's flow, so its scrolling holds it).
 */
export function GroupMultiSelect({ options, value, onChange, onBlocked, blocked, ref, ...button }: Props) {
  const { t } = useTranslation('products')
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const names = value.map((id) => options.find((o) => o.id === id)?.audienceCityGroupName ?? `#${id}`)

  // Closed by a click elsewhere — not by the press, which would shrink the dialog under the
  // pointer and make a press on 确定 miss its button.
  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('click', close)
    return () => document.removeEventListener('click', close)
  }, [open])

  const toggle = () => {
    if (blocked) {
      onBlocked?.()
      return
    }
    setOpen((o) => !o)
  }
  const pick = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id))

  return (
    <div
      className="group-select"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          setOpen(false)
        }
      }}
    >
      <button {...button} ref={ref} type="button" className="input group-select__field" aria-haspopup="true" aria-expanded={open} onClick={toggle}>
        {names.length ? (
          names.map((n, i) => <span key={value[i]} className="tag group-select__chip">{n}</span>)
        ) : (
          <span className="group-select__placeholder">{t('pickGroups')}</span>
        )}
      </button>
      {open && (
        <div className="group-select__panel" role="group" aria-label={t('groupOptions')}>
          {options.length === 0 && <p className="group-select__empty">{t('noGroups')}</p>}
          {options.map((o) => (
            <label key={o.id} className="choice">
              <input type="checkbox" checked={value.includes(o.id)} onChange={(e) => pick(o.id, e.target.checked)} />
              {o.audienceCityGroupName}
            </label>
          ))}
        </div>
      )}
    </div>
  )
}
