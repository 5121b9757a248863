import { useTranslation } from '@/lib/i18n'
import type { TimePeriod } from '../api/get-time-periods'
import { timeRange } from './time-periods-columns'

type Props = {
  periods: TimePeriod[] | undefined
  value: number[]
  onChange: (ids: number[]) => void
  /** The class being edited: its own periods need no "in another class" hint. */
  classId?: number
  loading?: boolean
  id?: string
}

/** The class dialog's period checkboxes; a period already in another class says which. */
export function PeriodPicker({ periods, value, onChange, classId, loading, id }: Props) {
  const { t } = useTranslation('time-periods')
  if (!periods) return <p id={id} className="tp-picker__hint">{loading ? t('loading') : t('pickMediaFirst')}</p>
  if (!periods.length) return <p id={id} className="tp-picker__hint">{t('noPeriods')}</p>
  const toggle = (pid: number, on: boolean) => onChange(on ? [...value, pid] : value.filter((v) => v !== pid))
  return (
    <div id={id} className="tp-picker" role="group" aria-label={t('periods')}>
      {periods.map((p) => (
        <label key={p.id} className="choice tp-picker__item">
          <input type="checkbox" checked={value.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
          <span>{p.timePeriodName}</span>
          <span className="tp-picker__time">{timeRange(p)}</span>
          {p.classId && p.classId !== classId && (
            <span className="tp-picker__class">{t('inClass', { name: p.timePeriodClassName })}</span>
          )}
        </label>
      ))}
    </div>
  )
}
