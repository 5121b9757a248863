import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { BELONGING, DATA_CATEGORIES, DATA_SOURCES } from '@/config/customer-data'
import { useTranslation } from '@/lib/i18n'
import { useCustomerBrands } from '../api/get-customer-brands'
import { useCustomerMedia } from '../api/get-customer-media'
import type { CustomerFilters } from '../api/get-customers'
import { FILTER_KEYS, RESET_PAGE_SIZE, type FilterKey } from './use-customer-filters'

type Draft = Partial<Record<FilterKey, string>>

const draftOf = (f: CustomerFilters): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))
const EMPTY: Draft = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))

type Props = {
  filters: CustomerFilters
  onSearch: (next: Partial<CustomerFilters>) => void
  onExport: () => void
  exporting: boolean
  onImport: () => void
  /** How many rows are chosen for 批量删除. */
  selected: number
  onDelete: () => void
}

/** The filters (kept as a draft until 搜索) and 搜索, 重置, 导出, 导入 and 批量删除. */
export function CustomersToolbar({ filters, onSearch, onExport, exporting, onImport, selected, onDelete }: Props) {
  const { t } = useTranslation(['customers', 'common'])
  const brands = useCustomerBrands()
  const media = useCustomerMedia()
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const set = (patch: Draft) => setDraft((d) => ({ ...d, ...patch }))
  const field = (key: FilterKey) => ({ value: draft[key] ?? '', onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }) })
  const search = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k]?.trim() || undefined]))
    onSearch({ ...trimmed, page: 1 })
  }
  const choice = (key: FilterKey, all: string, values: readonly string[], label: (v: string) => string) => (
    <select className="input" aria-label={t(key)} {...field(key)}>
      <option value="">{all}</option>
      {values.map((v) => <option key={v} value={v}>{label(v)}</option>)}
    </select>
  )

  return (
    <form className="toolbar customers-toolbar" role="search" onSubmit={search}>
      <SearchableSelect
        aria-label={t('brand')}
        placeholder={t('allBrands')}
        options={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.brandName }))}
        loading={brands.isPending}
        value={draft.brandId ?? null}
        onChange={(v) => set({ brandId: v ?? undefined })}
      />
      <select className="input" aria-label={t('media')} {...field('mediaId')}>
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      {/* Every category, as 汇总 offers them: rows of 初始数据 are listed and filtered like the rest. */}
      {choice('category', t('allCategories'), DATA_CATEGORIES, (v) => t(`common:dataCategory.${v}`))}
      {choice('source', t('allSources'), DATA_SOURCES, (v) => t(`common:dataSource.${v}`))}
      {choice('belongingTo', t('allBelonging'), BELONGING, (v) => t(`common:belongingTo.${v}`))}
      <input className="input" aria-label={t('titleFilter')} placeholder={t('titlePlaceholder')} {...field('title')} />
      <DateRangePicker
        className="customers-toolbar__dates"
        label={t('dateRange')}
        showLabel
        startLabel={t('dateFrom')}
        endLabel={t('dateTo')}
        from={draft.addTime ?? ''}
        to={draft.endTime ?? ''}
        onChange={(addTime, endTime) => set({ addTime, endTime })}
      />
      <span className="customers-toolbar__actions">
        <button type="submit" className="btn btn--primary">{t('search')}</button>
        <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1, limit: RESET_PAGE_SIZE })}>{t('reset')}</button>
        <button type="button" className="btn btn--warning" onClick={onExport} disabled={exporting}>{t('export')}</button>
        <button type="button" className="btn btn--success" onClick={onImport}>{t('import')}</button>
        <button type="button" className="btn btn--danger" onClick={onDelete} disabled={selected === 0}>{t('batchDelete')}</button>
        {selected > 0 && <span className="customers-toolbar__selected" role="status">{t('selected', { count: selected })}</span>}
      </span>
    </form>
  )
}
