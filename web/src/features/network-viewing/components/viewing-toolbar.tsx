import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { useTranslation } from '@/lib/i18n'
import type { ViewingFilters } from '../api/get-online-viewings'
import type { ViewingMedia } from '../api/get-online-viewing-media'
import { FILTER_KEYS, type FilterKey } from './use-viewing-filters'

type Props = {
  filters: ViewingFilters
  media: ViewingMedia[]
  onSearch: (next: Partial<ViewingFilters>) => void
  onAdd: () => void
}

type Draft = Record<FilterKey, string>

const draftOf = (f: ViewingFilters) => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] ?? ''])) as Draft
/** Date-time inputs may add milliseconds (`…T20:05:09.000`); the call takes whole seconds. */
const clean = (key: FilterKey, value: string) =>
  (key.startsWith('onlineViewingTime') ? value.trim().replace(/\.\d+$/, '') : value.trim()) || undefined
const CLEARED = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as Record<FilterKey, undefined>

/** 名称, 日期 range, 收视 and 排名 ranges and 媒体, with 搜索/重置/添加. */
export function ViewingToolbar({ filters, media, onSearch, onAdd }: Props) {
  const { t } = useTranslation('network-viewing')
  const [draft, setDraft] = useState(() => draftOf(filters))
  // The URL is the source of truth: back/forward and 重置 update the inputs.
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const field = (key: FilterKey) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const search = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = Object.fromEntries(FILTER_KEYS.map((k) => [k, clean(k, draft[k])]))
    onSearch({ ...trimmed, page: 1 })
  }

  return (
    <form className="toolbar viewing-toolbar" role="search" onSubmit={search}>
      <input className="input" aria-label={t('name')} placeholder={t('namePlaceholder')} {...field('onlineViewingName')} />
      <DateRangePicker
        kind="datetime"
        className="range"
        label={t('timeRange')}
        startLabel={t('timeFrom')}
        endLabel={t('timeTo')}
        from={draft.onlineViewingTimeGt}
        to={draft.onlineViewingTimeLt}
        onChange={(onlineViewingTimeGt, onlineViewingTimeLt) => setDraft((d) => ({ ...d, onlineViewingTimeGt, onlineViewingTimeLt }))}
      />
      <span className="range" role="group" aria-label={t('viewingRange')}>
        <input className="input range__number" inputMode="decimal" aria-label={t('viewingFrom')} placeholder={t('viewingFrom')} {...field('viewingGt')} />
        <span aria-hidden="true">–</span>
        <input className="input range__number" inputMode="decimal" aria-label={t('viewingTo')} placeholder={t('viewingTo')} {...field('viewingLt')} />
      </span>
      <span className="range" role="group" aria-label={t('rankingRange')}>
        <input className="input range__number" inputMode="numeric" aria-label={t('rankingFrom')} placeholder={t('rankingFrom')} {...field('rankingGt')} />
        <span aria-hidden="true">–</span>
        <input className="input range__number" inputMode="numeric" aria-label={t('rankingTo')} placeholder={t('rankingTo')} {...field('rankingLt')} />
      </span>
      <select className="input" aria-label={t('media')} {...field('mediaIdi')}>
        <option value="">{t('mediaAll')}</option>
        {media.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.mediaName}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...CLEARED, page: 1 })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
    </form>
  )
}
