import { useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import type { EntryValue } from '../api/create-suit'
import { useSuitPeriods } from '../api/get-suit-periods'
import { EntriesTable } from './entries-table'
import { entryOf, parseCount, putEntry } from './suit-entries'

type Props = {
  /** The suit's media; its periods are offered. Remount (key) the editor when it changes. */
  mediaId: number | undefined
  value: EntryValue[]
  onChange: (entries: EntryValue[]) => void
}

/** 时段列表: choose periods and a count, 添加 makes (or replaces) an entry; entries can be taken back or removed. */
export function SuitEntriesEditor({ mediaId, value, onChange }: Props) {
  const { t } = useTranslation('suits')
  const periods = useSuitPeriods(mediaId)
  const [chosen, setChosen] = useState<number[]>([])
  const [count, setCount] = useState('1')
  const [query, setQuery] = useState('')
  const shown = (periods.data ?? []).filter((p) => p.timePeriodName.toLowerCase().includes(query.trim().toLowerCase()))

  const add = () => {
    if (!chosen.length) return toast.error(t('validation.periodNameRequired'))
    const n = parseCount(count)
    if (n === null) return toast.error(t('validation.countInvalid'))
    onChange(putEntry(value, entryOf(chosen, n, periods.data ?? [])))
    setChosen([])
    setCount('1')
  }
  const takeBack = (entry: EntryValue) => {
    setChosen(entry.ids)
    setCount(String(entry.count))
    onChange(value.filter((e) => e !== entry))
  }
  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)))

  return (
    <div className="suit-entries">
      <div className="suit-entries__picker">
        <input
          className="input"
          aria-label={t('periodSearch')}
          placeholder={t('periodSearch')}
          value={query}
          disabled={!mediaId}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="suit-entries__options" role="group" aria-label={t('periodName')}>
          {!mediaId && <p className="suit-entries__hint">{t('pickMediaFirst')}</p>}
          {mediaId && periods.data && !periods.data.length && <p className="suit-entries__hint">{t('noPeriods')}</p>}
          {shown.map((p) => (
            <label key={p.id} className="choice">
              <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
              {p.timePeriodName}
              <span className="suit-entries__time">{p.preBroadcastTimeForma}-{p.preBroadcastTimeFormaEnd}</span>
            </label>
          ))}
        </div>
        <div className="suit-entries__add">
          <label className="suit-entries__count">
            {t('count')}
            <input className="input" type="number" min={1} step={1} value={count} onChange={(e) => setCount(e.target.value)} />
          </label>
          <button type="button" className="btn btn--primary btn--small" onClick={add} disabled={!mediaId}>
            {t('addEntry')}
          </button>
        </div>
      </div>
      <EntriesTable entries={value} onEdit={takeBack} onDelete={(entry) => onChange(value.filter((e) => e !== entry))} />
    </div>
  )
}
