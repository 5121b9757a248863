import { useTranslation } from '@/lib/i18n'
import { changedRows, snapshotRows } from './snapshot-fields'

type Props = {
  version: number
  snapshot: unknown
  /** The version before it, to mark what this one changed (absent for the first). */
  previous?: unknown
  tapeName: (id: number) => string | undefined
}

/** A version's fields in Chinese labels, the ones it changed marked. */
export function VersionDetails({ version, snapshot, previous, tapeName }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const changed = changedRows(snapshot, previous)
  return (
    <dl className="version-details" aria-label={t('history.detailsOf', { n: version })}>
      {snapshotRows(snapshot, t, tapeName).map((row) => (
        <div key={row.key} className={`version-details__row${changed.has(row.key) ? ' version-details__row--changed' : ''}`} data-field={row.key}>
          <dt>{row.label}</dt>
          <dd>
            <span className="version-details__value">{row.value}</span>
            {changed.has(row.key) && <span className="tag tag--warning version-details__changed">{t('history.changed')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
