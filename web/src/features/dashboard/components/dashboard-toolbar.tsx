import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { BELONGING, DATA_SOURCES } from '@/config/customer-data'
import { useTranslation } from '@/lib/i18n'
import { useDashboardClasses, useDashboardGroups, useDashboardMedia, useDashboardProducts, type DashboardQuery } from '../api'
import {
  byName, DASHBOARD_CATEGORIES, DAY_RUNS, dayCountError, defaultGroupNames, draftError, draftOf, queryOf, TIME_TYPES, withDefaults, withMedia,
  type Draft,
} from './filters'
import { MultiSelect, type MultiOption } from './multi-select'

type Props = {
  /** The query the charts show; the toolbar edits a draft of it until 搜索. */
  query: DashboardQuery
  onSearch: (next: DashboardQuery) => void
  onReset: () => void
}

const byId = <T extends { id: number }>(rows: T[] | undefined, label: (r: T) => string): MultiOption[] =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: label(r) }))

/** The dashboard's filters (docs/screens.md "Dashboard screen") kept as a draft until 搜索; 重置 starts over. */
export function DashboardToolbar({ query, onSearch, onReset }: Props) {
  const { t } = useTranslation(['dashboard', 'common'])
  const [draft, setDraft] = useState<Draft>(() => draftOf(query))
  const [seen, setSeen] = useState(query)
  const [error, setError] = useState<string>()
  if (seen !== query) {
    setSeen(query)
    setDraft(draftOf(query))
    setError(undefined)
  }
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setError(undefined)
  }

  const media = useDashboardMedia()
  const products = useDashboardProducts(draft.mediaId || undefined)
  const groups = useDashboardGroups(draft.productIds.join(','))
  const classes = useDashboardClasses(draft.mediaId || undefined)

  const search = (e: FormEvent) => {
    e.preventDefault()
    const why = draftError(draft)
    if (why) return setError(t(`errors.${why}`))
    onSearch(queryOf(draft, { groups: groups.data?.map((g) => g.id), classes: classes.data?.map((c) => c.id) }))
  }
  const constants = (values: readonly string[], ns: string): MultiOption[] => values.map((v) => ({ value: v, label: t(`common:${ns}.${v}`) }))
  // With no group chosen each product counts its default group: the button and the list say which.
  const defaults = defaultGroupNames(groups.data)
  const groupsAll = defaults.length === 1 ? t('defaultGroup', { name: defaults[0] }) : t('defaultGroups')

  return (
    <form className="toolbar dashboard-toolbar" role="search" aria-label={t('filters')} onSubmit={search} noValidate>
      <select className="input" aria-label={t('media')} value={draft.mediaId} onChange={(e) => setDraft((d) => withMedia(d, e.target.value))}>
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      <select className="input dashboard-toolbar__side" aria-label={t('side')} value={draft.side} onChange={(e) => set({ side: e.target.value })}>
        {BELONGING.map((v) => <option key={v} value={v}>{t('sideOption', { side: t(`common:belongingTo.${v}`) })}</option>)}
      </select>
      <MultiSelect
        label={t('products')}
        allText={t('allProducts')}
        options={byId(products.data, (p) => p.productName)}
        loading={products.isPending}
        value={draft.productIds}
        onChange={(productIds) => set({ productIds })}
      />
      <MultiSelect
        label={t('groups')}
        allText={groupsAll}
        options={withDefaults(byName(groups.data, (g) => g.name), groups.data, t('defaultMark'))}
        loading={groups.isPending}
        hint={draft.productIds.length ? undefined : t('groupsNeedProducts')}
        value={draft.groupIds}
        onChange={(groupIds) => set({ groupIds })}
      />
      <MultiSelect label={t('categories')} allText={t('allCategories')} options={constants(DASHBOARD_CATEGORIES, 'dataCategory')} value={draft.categories} onChange={(categories) => set({ categories })} />
      <MultiSelect label={t('sources')} allText={t('allSources')} options={constants(DATA_SOURCES, 'dataSource')} value={draft.sources} onChange={(sources) => set({ sources })} />
      <MultiSelect
        label={t('classes')}
        allText={t('allClasses')}
        options={byName(classes.data, (c) => c.timePeriodClassName)}
        loading={classes.isPending}
        value={draft.classIds}
        onChange={(classIds) => set({ classIds })}
      />
      <select className="input dashboard-toolbar__type" aria-label={t('timeType')} value={draft.timeType} onChange={(e) => set({ timeType: e.target.value })}>
        {TIME_TYPES.map((v) => <option key={v} value={v}>{t(`timeTypes.${v}`)}</option>)}
      </select>
      {draft.timeType === DAY_RUNS && (
        <label className="dashboard-toolbar__field">
          <span>{t('dayCount')}</span>
          <input
            className="input dashboard-toolbar__days"
            type="number"
            min={1}
            max={366}
            step={1}
            inputMode="numeric"
            aria-invalid={dayCountError(draft.dayCount) ? true : undefined}
            value={draft.dayCount}
            onChange={(e) => set({ dayCount: e.target.value })}
          />
        </label>
      )}
      <DateRangePicker
        label={t('period')}
        showLabel
        startLabel={t('dateFrom')}
        endLabel={t('dateTo')}
        from={draft.timeAdd}
        to={draft.timeEnd}
        onChange={(timeAdd, timeEnd) => set({ timeAdd, timeEnd })}
      />
      <span className="dashboard-toolbar__actions">
        <button type="submit" className="btn btn--primary">{t('search')}</button>
        <button type="button" className="btn" onClick={onReset}>{t('reset')}</button>
      </span>
      {error && <p className="dashboard-toolbar__error" role="alert">{error}</p>}
    </form>
  )
}
