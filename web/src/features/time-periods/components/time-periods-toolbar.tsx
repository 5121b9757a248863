import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { useTranslation } from '@/lib/i18n'
import type { TimePeriodFilters } from '../api/get-time-periods'
import { useTimePeriodClasses } from '../api/get-time-period-classes'
import { useMediaOptions } from '@/lib/media-options'
import { FILTER_KEYS, type FilterKey } from './use-time-period-filters'

type Props = {
  filters: TimePeriodFilters
  onSearch: (next: Partial<TimePeriodFilters>) => void
  onAddClass: () => void
  onAddPeriod: () => void
}

type Draft = Record<FilterKey, string>

const draftOf = (f: TimePeriodFilters) => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] ?? ''])) as Draft
const EMPTY = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as Partial<TimePeriodFilters>

/** 媒体, 时段归纳, 时段名称, 预播时间, 更新时间, 创建时间 with 搜索/重置, and the two add buttons. */
export function TimePeriodsToolbar({ filters, onSearch, onAddClass, onAddPeriod }: Props) {
  const { t } = useTranslation('time-periods')
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const media = useMediaOptions()
  const classes = useTimePeriodClasses(draft.mediaId || undefined)
  const field = (key: FilterKey) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const search = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k].trim() || undefined]))
    onSearch({ ...trimmed, page: 1 })
  }
  // A class belongs to one media: choosing another media drops the chosen class.
  const pickMedia = (mediaId: string) => setDraft((d) => ({ ...d, mediaId, classId: '' }))

  return (
    <form className="toolbar tp-toolbar" role="search" onSubmit={search}>
      <select className="input" aria-label={t('media')} value={draft.mediaId} onChange={(e) => pickMedia(e.target.value)}>
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      <select className="input" aria-label={t('className')} {...field('classId')}>
        <option value="">{t('allClasses')}</option>
        <option value="0">{t('unclassified')}</option>
        {classes.data?.map((c) => (
          <option key={c.id} value={c.id}>{draft.mediaId ? c.timePeriodClassName : `${c.media.mediaName} · ${c.timePeriodClassName}`}</option>
        ))}
      </select>
      <input className="input" aria-label={t('name')} placeholder={t('namePlaceholder')} {...field('timePeriodName')} />
      <span className="tp-range" role="group" aria-label={t('timeRange')}>
        <input className="input" aria-label={t('timeFrom')} placeholder={t('timeFrom')} {...field('preBroadcastTimeForma')} />
        <span aria-hidden="true">–</span>
        <input className="input" aria-label={t('timeTo')} placeholder={t('timeTo')} {...field('preBroadcastTimeFormaEnd')} />
      </span>
      <DateRangePicker
        label={t('updateRange')}
        startLabel={t('updateFrom')}
        endLabel={t('updateTo')}
        from={draft.updatetimeGt}
        to={draft.updatetimeLt}
        onChange={(updatetimeGt, updatetimeLt) => setDraft((d) => ({ ...d, updatetimeGt, updatetimeLt }))}
      />
      <DateRangePicker
        label={t('createRange')}
        startLabel={t('createFrom')}
        endLabel={t('createTo')}
        from={draft.createtimeGt}
        to={draft.createtimelt}
        onChange={(createtimeGt, createtimelt) => setDraft((d) => ({ ...d, createtimeGt, createtimelt }))}
      />
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1 })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAddClass}>{t('addClass')}</button>
      <button type="button" className="btn btn--success" onClick={onAddPeriod}>{t('addPeriod')}</button>
    </form>
  )
}
