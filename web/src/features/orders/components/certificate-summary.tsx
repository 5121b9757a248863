import { useTranslation } from '@/lib/i18n'
import { listOf } from '@/lib/i18n-text'
import type { CertificateMonth, CertificateSummary } from '../api/certificates'

type Spots = Pick<CertificateSummary, 'planned' | 'aired' | 'added' | 'missing'>

/** The spot totals of a comparison, each tile saying its unit (点位). */
export function CertificateTiles({ spots, label }: { spots: Spots; label: string }) {
  const { t } = useTranslation('orders')
  const tiles = [['planned', spots.planned], ['aired', spots.aired], ['added', spots.added], ['missing', spots.missing]] as const
  return (
    <dl className="certificate-summary__totals" aria-label={label}>
      {tiles.map(([key, value]) => (
        <div key={key} className={`certificate-summary__total certificate-summary__total--${key}`}>
          <dt>{t(`certificate.${key}Total`)}</dt>
          <dd>
            {value}
            <span className="certificate-summary__unit">{t('certificate.spotUnit')}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Where a month stands: confirmed (read-only for good), due (awaiting 确认更新), or checked while it runs. */
function monthState(m: CertificateMonth): { key: string; tag: string } {
  if (m.confirmed) return { key: 'certificate.monthConfirmed', tag: 'tag--success' }
  if (m.due) return { key: 'certificate.monthPending', tag: 'tag--warning' }
  return { key: 'certificate.monthChecked', tag: 'tag--info' }
}

/** What confirming does to a month the check holds: locks it when it is over, else checks it and leaves it open. */
function lockState(m: CertificateMonth): { key: string; tag: string } {
  return m.over ? { key: 'certificate.monthLocks', tag: 'tag--danger' } : { key: 'certificate.monthStaysOpen', tag: 'tag--info' }
}

/**
 * Every month of the certificate with its spots; confirmed months stay listed, read-only. In
 * the check (`check`), the months it holds, each saying whether confirming locks it.
 */
export function CertificateMonths({ months, check = false }: { months: CertificateMonth[]; check?: boolean }) {
  const { t } = useTranslation('orders')
  const stateOf = check ? lockState : monthState
  return (
    <table className="table certificate-summary__months" aria-label={t(check ? 'certificate.checkMonths' : 'certificate.months')}>
      <caption className="certificate-summary__caption">{t(check ? 'certificate.checkMonthsUnit' : 'certificate.monthsUnit')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('certificate.month')}</th>
          <th scope="col">{t('certificate.plannedTotal')}</th>
          <th scope="col">{t('certificate.airedTotal')}</th>
          <th scope="col">{t('certificate.addedTotal')}</th>
          <th scope="col">{t('certificate.missingTotal')}</th>
          <th scope="col">{t('certificate.monthState')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => {
          const state = stateOf(m)
          return (
            <tr key={m.pointDateYm} data-month={m.pointDateYm} data-state={m.confirmed ? 'confirmed' : m.due ? 'due' : 'checked'}>
              <td>{m.pointDateYm}</td>
              <td>{m.planned}</td>
              <td>{m.aired}</td>
              <td>{m.added}</td>
              <td>{m.missing}</td>
              <td>
                <span className={`tag ${state.tag}`}>{t(state.key)}</span>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** What the dialog says about confirming: everything confirmed, which months are due, or nothing due yet. */
export function certificateState(summary: CertificateSummary): { key: string; months?: string; done: boolean } {
  if (summary.months.every((m) => m.confirmed)) return { key: 'certificate.allConfirmed', done: true }
  if (summary.pending) {
    const months = summary.months.filter((m) => m.due).map((m) => m.pointDateYm)
    return { key: 'certificate.due', months: listOf(months), done: false }
  }
  return { key: 'certificate.nothingDue', done: true }
}
