import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { ApiError, Code } from '@/lib/api-client'
import { useTranslation } from '@/lib/i18n'
import { confirmCertificate, type Comparison } from '../api/certificates'
import type { Order } from '../api/get-orders'
import { invalidateOrder } from '../api/invalidate'
import { afterConfirm, useCertificate, useExportCertificate } from '../api/use-certificate'
import { CertificateDiffTable } from './certificate-diff-table'
import { CertificateUnassigned } from './certificate-unassigned'
import { ImportResult } from './import-result'
import { useImportOutcomes } from './use-import-outcomes'
import './certificate-dialog.css'

type Props = { order: Order | null; onClose: () => void }

/**
 * 媒体播出证明 (spec §2.6, §2.7): 上传播出证明 through the upload dialog tagged
 * broadcastingCertificate (its job followed here), then the comparison of the certificate with
 * the schedule. Unconfirmed months show the stored preview (typeY 1) with 确认更新 (typeY 2);
 * when every month is confirmed the comparison is read-only. Always mounted, so an upload
 * started here is followed after the dialog has closed.
 */
export function CertificateDialog({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const client = useQueryClient()
  const orderId = order?.id ?? null
  const view = useCertificate(orderId)
  const exporting = useExportCertificate()
  const [uploading, setUploading] = useState(false)
  const { outcomes, setOutcome, started } = useImportOutcomes((of) => {
    void invalidateOrder(client, of, ['broadcastingCertificate', of])
  })
  const confirming = useMutation({
    mutationFn: ({ id, basis }: { id: number; basis?: string }) => confirmCertificate(id, basis, { quiet: true }),
  })

  const title = t('certificate.title', { id: orderId ?? '' })
  const outcome = orderId === null ? undefined : outcomes[orderId]
  const data = view.data
  const preview = data?.state === 'preview' ? data.comparison : null
  const comparison = data && data.state !== 'none' ? data.comparison : null
  const unassigned = preview?.dataValue.unassigned ?? []

  const confirmUpdate = () => {
    if (orderId === null) return
    confirming.mutate({ id: orderId, basis: preview?.dataValue.basis }, {
      onSuccess: (done) => {
        const counts = { verified: done.verified, missing: done.missingCells, free: done.freeSpots }
        // A month still running is verified up to yesterday and stays open until its end.
        if (done.months.length > 0) toast.success(t('certificate.confirmedToast', { months: done.months.join('、'), ...counts }))
        else toast.success(t('certificate.verifiedToast', counts))
        void afterConfirm(client, orderId)
        onClose()
      },
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : String(err)
        // The data changed since the preview (or someone confirmed it): say so, show the new one.
        if (err instanceof ApiError && err.code === Code.Conflict) {
          toast.warning(message)
          void view.refetch()
        } else toast.error(message)
      },
    })
  }

  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>{t('common:cancel')}</button>
      {preview && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={confirming.isPending || view.isFetching || unassigned.length > 0}
          title={unassigned.length > 0 ? t('certificate.unassignedBlock', { count: unassigned.length }) : undefined}
          onClick={confirmUpdate}
        >
          {t('certificate.confirm')}
        </button>
      )}
    </>
  )

  return (
    <Dialog open={order !== null} onOpenChange={(next) => !next && onClose()} title={title} width="90vw" footer={footer}>
      <div className="certificate">
        <div className="order-template__bar">
          <button type="button" className="btn btn--primary" onClick={() => setUploading(true)}>{t('certificate.upload')}</button>
          <button
            type="button"
            className="btn"
            disabled={exporting.isPending || !comparison}
            title={t('certificate.exportHint')}
            onClick={() => orderId !== null && exporting.mutate(orderId)}
          >
            {t('certificate.export')}
          </button>
          <p className="order-template__hint">{t('certificate.hint')}</p>
        </div>
        {outcome && orderId !== null && <ImportResult of="certificate" outcome={outcome} onDismiss={() => setOutcome(orderId, null)} />}
        {view.isError ? (
          <div className="order-dialog-empty" role="alert">{view.error instanceof Error ? view.error.message : String(view.error)}</div>
        ) : !data ? (
          <div className="order-dialog-empty" aria-busy="true">{t('common:loading')}</div>
        ) : data.state === 'none' ? (
          <div className="order-dialog-empty">{t('certificate.empty')}</div>
        ) : (
          <>
            <CertificateSummary comparison={data.comparison} pending={data.state === 'preview'} />
            {preview && unassigned.length > 0 && order && <CertificateUnassigned orderId={order.id} mediaId={order.mediaId} rows={unassigned} />}
            <div className="certificate__tables">
              <CertificateDiffTable kind="added" rows={data.comparison.dataList.added} />
              <CertificateDiffTable kind="missing" rows={data.comparison.dataList.missing} />
            </div>
          </>
        )}
      </div>
      {orderId !== null && (
        <UploadDialog
          open={uploading}
          onClose={() => setUploading(false)}
          tags="broadcastingCertificate"
          tagValue={{ orderId }}
          onSuccess={(uploaded) => started(orderId, uploaded.map((u) => u.jobId))}
        />
      )}
    </Dialog>
  )
}

/** The totals and each month's numbers; a preview says what 确认更新 will do. */
function CertificateSummary({ comparison, pending }: { comparison: Comparison; pending: boolean }) {
  const { t } = useTranslation('orders')
  const { planned, aired, added, missing, months, changes } = comparison.dataValue
  const label = t('certificate.summary')
  return (
    <section className="certificate-summary" aria-label={label}>
      <dl className="certificate-summary__totals">
        {([['planned', planned], ['aired', aired], ['added', added], ['missing', missing]] as const).map(([key, value]) => (
          <div key={key} className={`certificate-summary__total certificate-summary__total--${key}`}>
            <dt>{t(`certificate.${key}Total`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`certificate-summary__state certificate-summary__state--${pending ? 'pending' : 'confirmed'}`} role="status">
        {pending && changes
          ? t('certificate.pendingChanges', { verified: changes.verified, missing: changes.missingCells, free: changes.freeSpots })
          : t(pending ? 'certificate.pending' : 'certificate.allConfirmed')}
      </p>
      <table className="table certificate-summary__months" aria-label={t('certificate.months')}>
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
          {months.map((m) => (
            <tr key={m.pointDateYm} data-month={m.pointDateYm}>
              <td>{m.pointDateYm}</td>
              <td>{m.planned}</td>
              <td>{m.aired}</td>
              <td>{m.added}</td>
              <td>{m.missing}</td>
              <td>
                <span className={`tag ${m.confirmed ? 'tag--success' : 'tag--warning'}`}>{t(m.confirmed ? 'certificate.monthConfirmed' : 'certificate.monthPending')}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
