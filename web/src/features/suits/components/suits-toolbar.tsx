import { useState, type FormEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { SECONDS_OPTIONS } from '../api/create-suit'
import { useSuitBrands } from '../api/get-suit-brands'
import { useSuitMedia } from '../api/get-suit-media'
import type { SuitFilters } from '../api/get-suits'
import { FILTER_KEYS, type FilterKey } from './use-suit-filters'

type Props = {
  filters: SuitFilters
  onSearch: (next: Partial<SuitFilters>) => void
  onAdd: () => void
  onExport: () => void
  exporting: boolean
}

type Draft = Record<FilterKey, string>

const draftOf = (f: SuitFilters) => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] ?? ''])) as Draft
const EMPTY = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as Partial<SuitFilters>

/** docs/screens.md "Master-data screens" suit filters with 搜索 重置 添加 导出. */
export function SuitsToolbar({ filters, onSearch, onAdd, onExport, exporting }: Props) {
  const { t } = useTranslation('suits')
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const media = useSuitMedia()
  const brands = useSuitBrands()
  const field = (key: FilterKey) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const search = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k].trim() || undefined])), page: 1 })
  }
  const range = (label: string, from: FilterKey, to: FilterKey, type: 'date' | 'month') => (
    <span className="suit-range" role="group" aria-label={t(label)}>
      <input className="input" type={type} aria-label={t(`${label}From`)} {...field(from)} />
      <span aria-hidden="true">–</span>
      <input className="input" type={type} aria-label={t(`${label}To`)} {...field(to)} />
    </span>
  )
  const seconds = (key: FilterKey, label: string) => (
    <select className="input suit-toolbar__seconds" aria-label={t(label)} {...field(key)}>
      <option value="">{t(label)}</option>
      {SECONDS_OPTIONS.map((s) => <option key={s} value={s}>{t('secondsN', { n: s })}</option>)}
    </select>
  )

  return (
    <form className="toolbar suit-toolbar" role="search" onSubmit={search}>
      <select className="input" aria-label={t('media')} {...field('mediaIdi')}>
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      <select className="input" aria-label={t('brand')} {...field('brandIdi')}>
        <option value="">{t('allBrands')}</option>
        {brands.data?.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
      </select>
      <input className="input" aria-label={t('name')} placeholder={t('namePlaceholder')} {...field('suitName')} />
      <span className="suit-range" role="group" aria-label={t('secondsRange')}>
        {seconds('secondsGt', 'secondsMin')}
        <span aria-hidden="true">–</span>
        {seconds('secondslt', 'secondsMax')}
      </span>
      {range('suitTimeRange', 'suitTimeGt', 'suitTimeLt', 'month')}
      {range('updateRange', 'updatetimeGt', 'updatetimeLt', 'date')}
      {range('createRange', 'createtimeGt', 'createtimelt', 'date')}
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1 })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
      <button type="button" className="btn btn--warning" disabled={exporting} onClick={onExport}>{t('export')}</button>
    </form>
  )
}
