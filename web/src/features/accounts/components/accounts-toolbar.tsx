import { useState, type FormEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import type { AccountFilters } from '../api/get-accounts'

type Props = {
  filters: AccountFilters
  onSearch: (next: Partial<AccountFilters>) => void
  onAdd: () => void
}

/** Name, account and status filters with 搜索/重置, and 添加. */
export function AccountsToolbar({ filters, onSearch, onAdd }: Props) {
  const { t } = useTranslation('admin')
  const [name, setName] = useState(filters.name ?? '')
  const [account, setAccount] = useState(filters.account ?? '')
  const [status, setStatus] = useState(filters.status ?? '')
  // The URL is the source of truth: back/forward and 重置 update the inputs.
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setName(filters.name ?? '')
    setAccount(filters.account ?? '')
    setStatus(filters.status ?? '')
  }

  const search = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ name: name.trim() || undefined, account: account.trim() || undefined, status: status || undefined, page: 1 })
  }
  const reset = () => onSearch({ name: undefined, account: undefined, status: undefined, page: 1 })

  return (
    <form className="toolbar" role="search" onSubmit={search}>
      <input className="input" aria-label={t('accounts.name')} placeholder={t('accounts.namePlaceholder')} value={name} onChange={(e) => setName(e.target.value)} />
      <input
        className="input"
        aria-label={t('accounts.account')}
        placeholder={t('accounts.accountPlaceholder')}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
      />
      <select className="input" aria-label={t('common.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">{t('common.statusAll')}</option>
        <option value="1">{t('common.normal')}</option>
        <option value="2">{t('common.disabled')}</option>
      </select>
      <button type="submit" className="btn btn--primary">{t('common.search')}</button>
      <button type="button" className="btn" onClick={reset}>{t('common.reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('common.add')}</button>
    </form>
  )
}
