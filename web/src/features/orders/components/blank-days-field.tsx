import { useState } from 'react'
import { DatePicker } from '@/components/ui/date-picker'
import { useTranslation } from '@/lib/i18n'
import { addBlankDay } from './order-form-state'

type Props = {
  value: string[]
  onChange: (days: string[]) => void
  /** The cycle, limiting the days offered (`YYYY-MM-DD`, either may be empty). */
  min: string
  max: string
  invalid?: boolean
}

/** 空档日期: several days of the cycle, each picked and added, shown as removable tags. */
export function BlankDaysField({ value, onChange, min, max, invalid }: Props) {
  const { t } = useTranslation('orders')
  const [day, setDay] = useState('')
  const add = () => {
    onChange(addBlankDay(value, day))
    setDay('')
  }
  return (
    <div className="blank-days">
      <span className="blank-days__picker">
        <DatePicker
          aria-label={t('form.blankDay')}
          aria-invalid={invalid || undefined}
          min={min || undefined}
          max={max || undefined}
          value={day}
          onChange={setDay}
          // Enter adds the day rather than submitting the dialog.
          onEnter={add}
        />
        <button type="button" className="btn btn--small" disabled={!day} onClick={add}>
          {t('form.addBlankDay')}
        </button>
      </span>
      <span className="blank-days__list">
        {value.length === 0 && <span className="blank-days__none">{t('form.noBlankDays')}</span>}
        {value.map((d) => (
          <span key={d} className="tag blank-days__tag">
            {d}
            <button
              type="button"
              className="blank-days__remove"
              aria-label={t('form.removeBlankDay', { day: d })}
              onClick={() => onChange(value.filter((x) => x !== d))}
            >
              ×
            </button>
          </span>
        ))}
      </span>
    </div>
  )
}
