import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { useTranslation } from '@/lib/i18n'
import type { LogFilters } from '../api/get-admin-logs'

type Props = { filters: LogFilters; onSearch: (next: Partial<LogFilters>) => void }

type Draft = Pick<LogFilters, 'adminName' | 'title' | 'url' | 'createTimeAdd' | 'createTimeEnd'>

const draftOf = (f: LogFilters): Draft => ({
  adminName: f.adminName ?? '',
  title: f.title ?? '',
  url: f.url ?? '',
  createTimeAdd: f.createTimeAdd ?? '',
  createTimeEnd: f.createTimeEnd ?? '',
})

const EMPTY: Draft = { adminName: undefined, title: undefined, url: undefined, createTimeAdd: undefined, createTimeEnd: undefined }

/** 管理员, 标题, URL and a date range, with 搜索/重置. */
export function AdminLogToolbar({ filters, onSearch }: Props) {
  const { t } = useTranslation('admin')
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const field = (key: keyof Draft) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const search = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v?.trim() || undefined]))
    onSearch({ ...trimmed, page: 1 })
  }

  return (
    <form className="toolbar admin-log-toolbar" role="search" onSubmit={search}>
      <input className="input" aria-label={t('log.adminName')} placeholder={t('log.adminNamePlaceholder')} {...field('adminName')} />
      <input className="input" aria-label={t('log.logTitle')} placeholder={t('log.titlePlaceholder')} {...field('title')} />
      <input className="input" aria-label={t('log.url')} placeholder={t('log.urlPlaceholder')} {...field('url')} />
      <DateRangePicker
        label={t('log.dateRange')}
        startLabel={t('log.dateFrom')}
        endLabel={t('log.dateTo')}
        from={draft.createTimeAdd ?? ''}
        to={draft.createTimeEnd ?? ''}
        onChange={(createTimeAdd, createTimeEnd) => setDraft((d) => ({ ...d, createTimeAdd, createTimeEnd }))}
      />
      <button type="submit" className="btn btn--primary">{t('common.search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1 })}>{t('common.reset')}</button>
    </form>
  )
}
