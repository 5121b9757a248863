import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'

type Props = {
  label: string
  placeholder: string
  /** The name in the URL; the input follows it (back/forward, 重置). */
  name: string | undefined
  onSearch: (name: string | undefined) => void
  onReset: () => void
  onAdd: () => void
  /** Further filters, before the buttons. */
  children?: ReactNode
}

/** A name search with 搜索/重置, and 添加. */
export function NameSearch({ label, placeholder, name, onSearch, onReset, onAdd, children }: Props) {
  const { t } = useTranslation('system')
  const [draft, setDraft] = useState(name ?? '')
  const [seen, setSeen] = useState(name)
  if (seen !== name) {
    setSeen(name)
    setDraft(name ?? '')
  }
  const search = (e: FormEvent) => {
    e.preventDefault()
    onSearch(draft.trim() || undefined)
  }
  return (
    <form className="toolbar" role="search" aria-label={label} onSubmit={search}>
      <input className="input" aria-label={label} placeholder={placeholder} value={draft} onChange={(e) => setDraft(e.target.value)} />
      {children}
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={onReset}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
    </form>
  )
}
