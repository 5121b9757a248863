import { useState, type FormEvent } from 'react'
import { DatePicker } from '@/components/ui/date-picker'
import { DATA_CATEGORIES, DATA_SOURCES } from '@/config/customer-data'
import { useTranslation } from '@/lib/i18n'
import type { CustomerFilter } from '../api/evaluation-types'

type Props = {
  value: CustomerFilter
  /** The order's cycle: the days may not leave it. */
  first: string
  last: string
  onSearch: (filter: CustomerFilter) => void
  disabled?: boolean
}

/** 数据类别, 数据来源 and the days (within the cycle), applied by 搜索 (or Enter). */
export function CustomerDataFilters({ value, first, last, onSearch, disabled }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const [draft, setDraft] = useState(value)
  const [problem, setProblem] = useState('')
  const set = (patch: Partial<CustomerFilter>) => setDraft((d) => ({ ...d, ...patch }))
  const label = (key: string) => t(`evaluation.customer.${key}`)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const { addTime, endTime } = draft
    if ((addTime && (addTime < first || addTime > last)) || (endTime && (endTime < first || endTime > last))) {
      setProblem(t('evaluation.customer.outside', { first, last }))
      return
    }
    if (addTime && endTime && addTime > endTime) {
      setProblem(label('reversed'))
      return
    }
    setProblem('')
    onSearch(draft)
  }

  return (
    <form className="customer-data__filters toolbar" onSubmit={submit} aria-label={label('filters')} noValidate>
      <select className="input" aria-label={label('category')} value={draft.category} disabled={disabled} onChange={(e) => set({ category: e.target.value })}>
        <option value="">{label('allCategories')}</option>
        {DATA_CATEGORIES.map((c) => <option key={c} value={c}>{t(`common:dataCategory.${c}`)}</option>)}
      </select>
      <select className="input" aria-label={label('source')} value={draft.source} disabled={disabled} onChange={(e) => set({ source: e.target.value })}>
        <option value="">{label('allSources')}</option>
        {DATA_SOURCES.map((s) => <option key={s} value={s}>{t(`common:dataSource.${s}`)}</option>)}
      </select>
      <span className="customer-data__days" role="group" aria-label={label('days')}>
        <DatePicker value={draft.addTime} onChange={(addTime) => set({ addTime })} min={first} max={last} aria-label={label('from')} placeholder={label('from')} disabled={disabled} />
        <span aria-hidden="true">–</span>
        <DatePicker value={draft.endTime} onChange={(endTime) => set({ endTime })} min={first} max={last} aria-label={label('to')} placeholder={label('to')} disabled={disabled} />
      </span>
      <button type="submit" className="btn btn--primary" disabled={disabled}>{label('search')}</button>
      {problem && <span className="customer-data__problem" role="alert">{problem}</span>}
    </form>
  )
}
