import { useTranslation } from '@/lib/i18n'
import { splitPrimeTime } from '../api/create-product'

type Props = {
  value: string
  onChange: (value: string) => void
  invalid?: boolean
}

/** Prime time as two clock inputs, held as `HH:MM:SS-HH:MM:SS` (empty until both are set). */
export function PrimeTimeField({ value, onChange, invalid }: Props) {
  const { t } = useTranslation('products')
  const [savedStart, savedEnd] = splitPrimeTime(value)
  // A half-entered range is kept as "start-" or "-end" so neither input loses its value.
  const [start, end] = savedStart || savedEnd ? [savedStart, savedEnd] : (value.split('-') as [string, string?])
  const set = (s: string, e: string) => onChange(s || e ? `${withSeconds(s)}-${withSeconds(e)}` : '')
  return (
    <span className="prime-time">
      <input
        className="input"
        type="time"
        step={1}
        aria-label={t('primeStart')}
        aria-invalid={invalid || undefined}
        value={start ?? ''}
        onChange={(e) => set(e.target.value, end ?? '')}
      />
      <span aria-hidden="true">–</span>
      <input
        className="input"
        type="time"
        step={1}
        aria-label={t('primeEnd')}
        aria-invalid={invalid || undefined}
        value={end ?? ''}
        onChange={(e) => set(start ?? '', e.target.value)}
      />
    </span>
  )
}

/** Browsers give `HH:MM` when the seconds are zero. */
const withSeconds = (v: string) => (/^\d{2}:\d{2}$/.test(v) ? `${v}:00` : v)
