import { useState, type FormEvent } from 'react'
import { DatePicker } from '@/components/ui/date-picker'
import { MonthPicker } from '@/components/ui/month-picker'
import { DateTimeRange } from '@/components/ui/datetime-range'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { useTranslation } from '@/lib/i18n'
import { SECONDS_OPTIONS } from '../api/create-order'
import { useOrderBrands } from '../api/get-order-brands'
import { useOrderMedia } from '../api/get-order-media'
import { useOrderProducts } from '../api/get-order-products'
import type { OrderFilters } from '../api/get-orders'
import { FILTER_KEYS, ORDER_STATUSES, type FilterKey } from './use-order-filters'

type Props = {
  filters: OrderFilters
  onSearch: (next: Partial<OrderFilters>) => void
  onAdd: () => void
  onExport: () => void
  exporting: boolean
}

type Draft = Partial<Record<FilterKey, string>>

const draftOf = (f: OrderFilters): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))
const EMPTY: Draft = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))

/** docs/screens.md "Order list" filters with 搜索 重置 添加 导出; the search applies them (and writes them into the URL). */
export function OrdersToolbar({ filters, onSearch, onAdd, onExport, exporting }: Props) {
  const { t } = useTranslation('orders')
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const brands = useOrderBrands()
  const products = useOrderProducts(draft.brandId)
  const media = useOrderMedia()
  const set = (patch: Draft) => setDraft((d) => ({ ...d, ...patch }))
  const field = (key: FilterKey) => ({ value: draft[key] ?? '', onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }) })
  const search = (e: FormEvent) => {
    e.preventDefault()
    onSearch({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k]?.trim() || undefined])), page: 1 })
  }
  const brandOptions = (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.brandName }))
  const productOptions = (products.data ?? []).map((p) => ({
    value: String(p.id),
    label: draft.brandId ? p.productName : t('productOption', { product: p.productName, brand: p.brandName }),
  }))

  return (
    <form className="toolbar orders-toolbar" role="search" onSubmit={search}>
      <SearchableSelect
        aria-label={t('brand')}
        placeholder={t('allBrands')}
        options={brandOptions}
        loading={brands.isPending}
        value={draft.brandId ?? null}
        // The product filter offers the brand's products: one of another brand goes.
        onChange={(v) => set({ brandId: v ?? undefined, productId: undefined })}
      />
      <SearchableSelect
        aria-label={t('product')}
        placeholder={t('allProducts')}
        options={productOptions}
        loading={products.isPending}
        value={draft.productId ?? null}
        onChange={(v) => set({ productId: v ?? undefined })}
      />
      <select className="input" aria-label={t('media')} {...field('mediaId')}>
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      <select className="input orders-toolbar__short" aria-label={t('seconds')} {...field('seconds')}>
        <option value="">{t('allSeconds')}</option>
        {SECONDS_OPTIONS.map((s) => <option key={s} value={s}>{t('secondsN', { n: s })}</option>)}
      </select>
      <select className="input" aria-label={t('status')} {...field('status')}>
        <option value="">{t('allStatuses')}</option>
        {ORDER_STATUSES.map((s) => <option key={s} value={s}>{t(`statuses.${s}`)}</option>)}
      </select>
      <label className="orders-toolbar__labelled">
        {t('cycleDate')}
        <DatePicker className="orders-toolbar__date" value={draft.cycleTime ?? ''} onChange={(cycleTime) => set({ cycleTime })} />
      </label>
      <label className="orders-toolbar__labelled">
        {t('month')}
        <MonthPicker className="orders-toolbar__date" value={draft.month ?? ''} onChange={(month) => set({ month })} />
      </label>
      <input className="input" aria-label={t('suitName')} placeholder={t('suitNamePlaceholder')} {...field('suitName')} />
      <DateTimeRange
        label={t('createRange')}
        startLabel={t('rangeStart', { label: t('createRange') })}
        endLabel={t('rangeEnd', { label: t('createRange') })}
        from={draft.createtimeGt}
        to={draft.createtimelt}
        onChange={(from, to) => set({ createtimeGt: from, createtimelt: to })}
      />
      <span className="orders-toolbar__actions">
        <button type="submit" className="btn btn--primary">{t('search')}</button>
        <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1, limit: undefined })}>{t('reset')}</button>
        <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
        <button type="button" className="btn btn--warning" disabled={exporting} onClick={onExport}>{t('export')}</button>
      </span>
    </form>
  )
}
