import { useState, type FormEvent } from 'react'
import { DateTimeRange } from '@/components/ui/datetime-range'
import { useTranslation } from '@/lib/i18n'
import type { TapeFilters } from '../api/get-tapes'
import { TapeFilterPickers } from './tape-filter-pickers'
import { FILTER_KEYS, type FilterKey } from './use-tape-filters'

type Draft = Partial<Record<FilterKey, string>>

const draftOf = (f: TapeFilters): Draft => Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))
const EMPTY: Draft = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))
const TEXT_KEYS = ['cycle', 'customerVersionName', 'mediaFileName', 'mediaTapeNumber', 'customerTitle'] as const

type Props = {
  filters: TapeFilters
  onSearch: (next: Partial<TapeFilters>) => void
  onAdd: () => void
  onExport: () => void
  exporting: boolean
}

/** Every filter of the tape screen, with 搜索, 重置, 添加 and 导出. */
export function TapesToolbar({ filters, onSearch, onAdd, onExport, exporting }: Props) {
  const { t } = useTranslation('tapes')
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
  const range = (label: string, from: FilterKey, to: FilterKey) => (
    <DateTimeRange
      label={label}
      startLabel={t('rangeStart', { label })}
      endLabel={t('rangeEnd', { label })}
      from={draft[from]}
      to={draft[to]}
      onChange={(a, b) => set({ [from]: a, [to]: b })}
    />
  )

  return (
    <form className="toolbar tapes-toolbar" role="search" onSubmit={search}>
      <TapeFilterPickers value={draft} onChange={set} />
      {TEXT_KEYS.map((k) => (
        <input key={k} className="input" aria-label={t(k)} placeholder={t('placeholder', { label: t(k) })} {...field(k)} />
      ))}
      <input className="input tapes-toolbar__seconds" type="number" min={0} aria-label={t('secondsGt')} placeholder={t('secondsGt')} {...field('secondsGt')} />
      <input className="input tapes-toolbar__seconds" type="number" min={0} aria-label={t('secondsLt')} placeholder={t('secondsLt')} {...field('secondslt')} />
      {range(t('updateRange'), 'updatetimeGt', 'updatetimeLt')}
      {range(t('createRange'), 'createtimeGt', 'createtimelt')}
      <button type="submit" className="btn btn--primary">{t('search')}</button>
      <button type="button" className="btn" onClick={() => onSearch({ ...EMPTY, page: 1, limit: undefined })}>{t('reset')}</button>
      <button type="button" className="btn btn--success" onClick={onAdd}>{t('add')}</button>
      <button type="button" className="btn btn--warning" onClick={onExport} disabled={exporting}>{t('export')}</button>
    </form>
  )
}
