import { useEffect, type FormEvent, type RefObject } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { useTranslation } from '@/lib/i18n'
import { useOrderGroups } from '@/features/orders/api/get-order-groups'
import type { Order } from '@/features/orders/api/get-orders'
import { useOrderProducts } from '@/features/orders/api/get-order-products'
import { daysProblem, RUN_TYPE, TIME_TYPES, type AnalysisQuery } from './analysis-model'

type Props = {
  order: Order
  draft: AnalysisQuery
  onDraft: (next: AnalysisQuery) => void
  onSearch: () => void
  /** The 收视信息 button (the estimate editor's dialog gives the focus back to it). */
  viewingRef: RefObject<HTMLButtonElement | null>
  onViewing: () => void
}

/**
 * 数据分析's own fields (docs/screens.md "Master-data screens"'s analysis view): 受众/城市组 (the chosen product's groups),
 * 日期范围, 日期类型 with 天数 for type 5, 产品 (those of the order's media), 搜索, and 收视信息
 * (the editable estimates). Category and source are the summary toolbar's.
 */
export function AnalysisToolbar({ order, draft, onDraft, onSearch, viewingRef, onViewing }: Props) {
  const { t } = useTranslation('orders')
  const a = (key: string) => t(`summary.analysis.${key}`)
  const products = useOrderProducts()
  const groups = useOrderGroups(draft.productId)
  const set = (patch: Partial<AnalysisQuery>) => onDraft({ ...draft, ...patch })

  // Another product's groups arrive after it is chosen: its default group is preselected.
  const answer = groups.data
  useEffect(() => {
    if (draft.groupId || !answer || !answer.list.some((g) => g.id === answer.defaultId)) return
    onDraft({ ...draft, groupId: String(answer.defaultId) })
  }, [answer, draft, onDraft])

  const productOptions = (products.data ?? [])
    .filter((p) => p.mediaId === order.mediaId || p.mediaId === null || p.mediaId === undefined)
    .map((p) => ({ value: String(p.id), label: p.productName }))
  // The order's own product and group stay offered even if master data no longer lists them.
  if (!productOptions.some((p) => p.value === String(order.productId))) productOptions.unshift({ value: String(order.productId), label: order.productName })
  const groupOptions = [...(answer?.list ?? [])]
  if (draft.productId === String(order.productId) && !groupOptions.some((g) => g.id === order.defaultId)) {
    groupOptions.unshift({ id: order.defaultId, name: order.defaultName })
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch()
  }

  return (
    <form className="analysis-toolbar" role="search" aria-label={a('toolbar')} onSubmit={submit} noValidate>
      {/* Not a <label>: a click on it would land on the select's clear button. */}
      <span className="analysis-toolbar__field">
        <span aria-hidden="true">{a('product')}</span>
        <SearchableSelect
          className="analysis-toolbar__product"
          aria-label={a('product')}
          options={productOptions}
          value={draft.productId || null}
          placeholder={a('productPlaceholder')}
          loading={products.isFetching}
          onChange={(id) => set({ productId: id ?? '', groupId: '' })}
        />
      </span>
      <label className="analysis-toolbar__field">
        <span>{a('group')}</span>
        <select className="input" value={draft.groupId} onChange={(e) => set({ groupId: e.target.value })}>
          <option value="">{a('groupPlaceholder')}</option>
          {groupOptions.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
        </select>
      </label>
      <DateRangePicker
        className="analysis-toolbar__range"
        label={a('range')}
        startLabel={a('from')}
        endLabel={a('to')}
        showLabel
        from={draft.from}
        to={draft.to}
        onChange={(from, to) => set({ from, to })}
      />
      <label className="analysis-toolbar__field">
        <span>{a('timeType')}</span>
        <select className="input" value={draft.timeType} onChange={(e) => set({ timeType: e.target.value })}>
          {TIME_TYPES.map((v) => <option key={v} value={v}>{t(`summary.analysis.timeTypes.${v}`)}</option>)}
        </select>
      </label>
      {draft.timeType === RUN_TYPE && (
        <label className="analysis-toolbar__field">
          <span>{a('days')}</span>
          <input
            className="input analysis-toolbar__days"
            inputMode="numeric"
            aria-invalid={daysProblem(draft.days) || undefined}
            value={draft.days}
            onChange={(e) => set({ days: e.target.value })}
          />
        </label>
      )}
      <button type="submit" className="btn btn--small btn--primary">{a('search')}</button>
      <button ref={viewingRef} type="button" className="btn btn--small" onClick={onViewing}>{t('evaluation.estimates.open')}</button>
    </form>
  )
}
