import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeRange } from '@/components/ui/datetime-range'
import { SECONDS_OPTIONS } from '../api/create-product'
import { useBrandOptions } from '../api/get-brand-options'
import { useGroupOptions } from '../api/get-group-options'
import type { ProductFilters } from '../api/get-products'
import { FILTER_KEYS, type FilterKey } from './use-product-filters'

type Draft = Partial<Record<FilterKey, string>>

const draftOf = (f: ProductFilters): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))
const EMPTY: Draft = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))

type Props = { filters: ProductFilters; onSearch: (next: Partial<ProductFilters>) => void; onAdd: () => void }

/** Brand, product name, group, seconds range, update and create ranges; 搜索, 重置, 添加. */
export function ProductsToolbar({ filters, onSearch, onAdd }: Props) {
  const { t } = useTranslation('products')
  const brands = useBrandOptions()
  const groups = useGroupOptions()
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
  const seconds = (key: 'secondsGt' | 'secondslt', label: string) => (
    <select className="input products-toolbar__seconds" aria-label={label} {...field(key)}>
      <option value="">{label}</option>
      {SECONDS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
    </select>
  )

  return (
    <form className="toolbar products-toolbar" role="search" onSubmit={search}>
      <select
        className="input"
        aria-label={t('brand')}
        value={draft.brandIdi ?? ''}
        // The group filter offers the brand's groups: a group of another brand goes.
        onChange={(e) => set({ brandIdi: e.target.value, audienceCityGroupIdi: undefined })}
      >
        <option value="">{t('allBrands')}</option>
        {brands.data?.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
      </select>
      <input className="input" aria-label={t('productName')} placeholder={t('productNamePlaceholder')} {...field('productNamei')} />
      <select className="input" aria-label={t('groups')} {...field('audienceCityGroupIdi')}>
        <option value="">{t('allGroups')}</option>
        {groups.data
          // With a brand chosen, only its groups; otherwise every group, named with its brand.
          ?.filter((g) => !draft.brandIdi || String(g.brandId) === draft.brandIdi)
          .map((g) => (
            <option key={g.id} value={g.id}>
              {g.brand && !draft.brandIdi ? `${g.audienceCityGroupName}（${g.brand.brandName}）` : g.audienceCityGroupName}
            </option>
          ))}
      </select>
      <span className="products-toolbar__range" role="group" aria-label={t('seconds')}>
        {seconds('secondsGt', t('secondsFrom'))}
        <span aria-hidden="true">–</span>
        {seconds('secondslt', t('secondsTo'))}
      </span>
      <DateTimeRange
        label={t('updateRange')}
        startLabel={t('rangeStart', { label: t('updateRange') })}
        endLabel={t('rangeEnd', { label: t('updateRange') })}
        from={draft.updatetimeGt}
        to={draft.updatetimeLt}
        onChange={(from, to) => set({ updatetimeGt: from, updatetimeLt: to })}
      />
      <DateTimeRange
        label={t('createRange')}
        startLabel={t('rangeStart', { label: t('createRange') })}
        endLabel={t('rangeEnd', { label: t('createRange') })}
        from={draft.createtimeGt}
        to={draft.createtimelt}
        onChange={(from, to) => set({ createtimeGt: from, createtimelt: to })}
      />
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1, limit: undefined })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
    </form>
  )
}
