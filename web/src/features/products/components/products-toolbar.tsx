import { useState, type FormEvent } from 'react'
import { DateTimeRange } from '@/components/ui/datetime-range'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { useTranslation } from '@/lib/i18n'
import { withNote } from '@/lib/i18n-text'
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
  const brandOptions = (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.brandName }))
  // With a brand chosen, only its groups; otherwise every group, named with its brand.
  const groupOptions = (groups.data ?? [])
    .filter((g) => !draft.brandIdi || String(g.brandId) === draft.brandIdi)
    .map((g) => ({
      value: String(g.id),
      label: g.brand && !draft.brandIdi ? withNote(g.audienceCityGroupName, g.brand.brandName, t) : g.audienceCityGroupName,
    }))
  const seconds = (key: 'secondsGt' | 'secondslt', label: string) => (
    <select className="input products-toolbar__seconds" aria-label={label} {...field(key)}>
      <option value="">{label}</option>
      {SECONDS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
    </select>
  )

  return (
    <form className="toolbar products-toolbar" role="search" onSubmit={search}>
      <SearchableSelect
        aria-label={t('brand')}
        placeholder={t('allBrands')}
        options={brandOptions}
        loading={brands.isPending}
        value={draft.brandIdi ?? null}
        // The group filter offers the brand's groups: a group of another brand goes.
        onChange={(v) => set({ brandIdi: v ?? undefined, audienceCityGroupIdi: undefined })}
      />
      <input className="input" aria-label={t('productName')} placeholder={t('productNamePlaceholder')} {...field('productNamei')} />
      <SearchableSelect
        aria-label={t('groups')}
        placeholder={t('allGroups')}
        options={groupOptions}
        loading={groups.isPending}
        value={draft.audienceCityGroupIdi ?? null}
        onChange={(v) => set({ audienceCityGroupIdi: v ?? undefined })}
      />
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
