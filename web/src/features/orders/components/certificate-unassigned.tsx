import { useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { codeLabel } from '@/lib/i18n-server-labels'
import { withNote } from '@/lib/i18n-text'
import type { UnassignedRow } from '../api/certificates'
import { useAssignPeriod, useMediaPeriods } from '../api/use-certificate'
import { VersionSwapDialog } from './version-swap-dialog'

type Props = { orderId: number; mediaId: number; rows: UnassignedRow[] }

/**
 * The certificate rows the server could not place (待处理): a row no period holds gets a picker
 * of the media's periods; a row whose version is not the order's gets 替换版本 (single, or batch
 * for its version), and the head a batch swap. Each correction drops the preview, which then
 * loads afresh.
 */
export function CertificateUnassigned({ orderId, mediaId, rows }: Props) {
  const { t } = useTranslation('orders')
  const periods = useMediaPeriods(mediaId, rows.some((r) => r.kind === 1))
  const assign = useAssignPeriod(orderId)
  const [swapping, setSwapping] = useState<UnassignedRow | 'batch' | null>(null)
  const title = t('certificate.unassigned')

  const onPeriod = (row: UnassignedRow, value: string) => {
    if (!value) return
    assign.mutate({ broadcastingCertificateId: row.id, timePeriodId: Number(value) }, { onSuccess: () => toast.success(t('certificate.periodAssigned')) })
  }

  return (
    <section className="certificate-unassigned" aria-label={title}>
      <h3 className="order-dialog-heading">
        {title}
        <span className="certificate-diff__count">{t('certificate.unassignedHint', { count: rows.length })}</span>
        {rows.some((r) => r.kind === 2) && (
          <button type="button" className="btn btn--small certificate-unassigned__batch" onClick={() => setSwapping('batch')}>
            {t('certificate.swap.batchButton')}
          </button>
        )}
      </h3>
      <table className="table" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{t('certificate.ymd')}</th>
            <th scope="col">{t('certificate.addTime')}</th>
            <th scope="col">{t('certificate.version')}</th>
            <th scope="col">{t('certificate.writtenPeriod')}</th>
            <th scope="col" className="certificate-diff__num">{t('certificate.num')}</th>
            <th scope="col">{t('certificate.reason')}</th>
            <th scope="col">{t('certificate.fix')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const label = `${r.ymd} ${r.addTime} ${r.mediaFileName}`
            return (
              <tr key={r.id} data-row-id={r.id}>
                <td>{r.ymd}</td>
                <td>{r.addTime}</td>
                <td>{r.mediaFileName}</td>
                <td>{r.timePeriodName || '-'}</td>
                <td className="certificate-diff__num">{r.num}</td>
                <td><span className="tag tag--danger">{codeLabel(t, 'unassignedReason', r.kind, r.reason)}</span></td>
                <td>
                  {r.kind === 1 ? (
                    <select
                      className="input"
                      value=""
                      disabled={assign.isPending}
                      aria-label={t('certificate.pickPeriodFor', { row: label })}
                      onChange={(e) => onPeriod(r, e.target.value)}
                    >
                      <option value="">{t('certificate.pickPeriod')}</option>
                      {periods.data?.map((p) => (
                        <option key={p.id} value={p.id}>{withNote(p.timePeriodName, `${p.preBroadcastTimeForma}~${p.preBroadcastTimeFormaEnd}`, t)}</option>
                      ))}
                    </select>
                  ) : (
                    <button type="button" className="btn btn--text btn--small" aria-label={t('certificate.swap.rowButtonFor', { row: label })} onClick={() => setSwapping(r)}>
                      {t('certificate.swap.rowButton')}
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <VersionSwapDialog orderId={orderId} target={swapping} onClose={() => setSwapping(null)} />
    </section>
  )
}
