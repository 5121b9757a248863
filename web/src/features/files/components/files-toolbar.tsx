import { useState, type FormEvent } from 'react'
import { DateRangePicker } from '@/components/ui/date-range-picker'
import { useTranslation } from '@/lib/i18n'
import { fileTagValues } from '@/types/api'
import type { FileFilters } from '../api/get-files'
import { FILTER_KEYS, type FilterKey } from './use-file-filters'

type Draft = Partial<Record<FilterKey, string>>

const draftOf = (f: FileFilters): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))
const EMPTY: Draft = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))

type Props = {
  filters: FileFilters
  onSearch: (next: Partial<FileFilters>) => void
  onUpload: () => void
}

/** 文件名称, 文件描述, 标签 and 创建时间, with 搜索 (page 1), 重置 (page 1, 30 a page) and 上传文件. */
export function FilesToolbar({ filters, onSearch, onUpload }: Props) {
  const { t } = useTranslation('files')
  const [draft, setDraft] = useState(() => draftOf(filters))
  const [seen, setSeen] = useState(filters)
  if (seen !== filters) {
    setSeen(filters)
    setDraft(draftOf(filters))
  }
  const field = (key: FilterKey) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  })
  const search = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k]?.trim() || undefined]))
    onSearch({ ...trimmed, page: 1 })
  }

  return (
    <form className="toolbar files-toolbar" role="search" onSubmit={search}>
      <input className="input" aria-label={t('fileName')} placeholder={t('placeholder', { label: t('fileName') })} {...field('fileName')} />
      <input className="input" aria-label={t('description')} placeholder={t('placeholder', { label: t('description') })} {...field('description')} />
      <select className="input" aria-label={t('tag')} {...field('tags')}>
        <option value="">{t('allTags')}</option>
        {fileTagValues.map((tag) => <option key={tag} value={tag}>{t(`tags.${tag}`)}</option>)}
      </select>
      <DateRangePicker
        className="files-toolbar__dates"
        label={t('createRange')}
        showLabel
        startLabel={t('dateFrom')}
        endLabel={t('dateTo')}
        from={draft.createTimeAdd ?? ''}
        to={draft.createTimeEnd ?? ''}
        onChange={(createTimeAdd, createTimeEnd) => setDraft((d) => ({ ...d, createTimeAdd, createTimeEnd }))}
      />
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1, limit: undefined })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onUpload}>{t('uploadFile')}</button>
    </form>
  )
}
