import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { useTranslation } from '@/lib/i18n'
import type { Comparison } from '../api/certificates'
import type { Order } from '../api/get-orders'
import { invalidateOrder } from '../api/invalidate'
import { certificateQueryOptions, useCertificate, useExportCertificate } from '../api/use-certificate'
import { CertificateConfirmDialog } from './certificate-confirm-dialog'
import { CertificateDiffTable } from './certificate-diff-table'
import { CertificateMonths, CertificateTiles, certificateState } from './certificate-summary'
import { CertificateUnassigned } from './certificate-unassigned'
import { ImportResult } from './import-result'
import { useImportOutcomes } from './use-import-outcomes'
import './certificate-dialog.css'

type Props = { order: Order | null; onClose: () => void }

/**
 * 媒体播出证明 (docs/screens.md "Order dialogs"): 上传播出证明 through the upload dialog tagged
 * broadcastingCertificate (its job followed here), then the certificate against the schedule,
 * every month of it — opening reads only (broadcastingCertificate). When a month is due,
 * 确认更新 opens the check and its confirmation; confirmed months stay listed, read-only. Always
 * mounted, so an upload started here is followed after the dialog has closed.
 */
export function CertificateDialog({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const client = useQueryClient()
  const orderId = order?.id ?? null
  const view = useCertificate(orderId)
  const exporting = useExportCertificate()
  const [uploading, setUploading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { outcomes, setOutcome, started } = useImportOutcomes((of) => {
    void invalidateOrder(client, of, certificateQueryOptions(of).queryKey)
  })

  const title = t('certificate.title', { id: orderId ?? '' })
  const outcome = orderId === null ? undefined : outcomes[orderId]
  const data = view.data
  const unassigned = data?.dataValue.unassigned ?? []
  const due = data?.dataValue.pending ?? false

  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>{t('common:cancel')}</button>
      {due && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={view.isFetching || unassigned.length > 0}
          title={unassigned.length > 0 ? t('certificate.unassignedBlock', { count: unassigned.length }) : undefined}
          onClick={() => setConfirming(true)}
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
            disabled={exporting.isPending || !data}
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
        ) : data === undefined ? (
          <div className="order-dialog-empty" aria-busy="true">{t('common:loading')}</div>
        ) : data === null ? (
          <div className="order-dialog-empty">{t('certificate.empty')}</div>
        ) : (
          <CertificateBody comparison={data} order={order} />
        )}
      </div>
      {orderId !== null && (
        <>
          <UploadDialog
            open={uploading}
            onClose={() => setUploading(false)}
            tags="broadcastingCertificate"
            tagValue={{ orderId }}
            onSuccess={(uploaded) => started(orderId, uploaded.map((u) => u.jobId))}
          />
          <CertificateConfirmDialog orderId={orderId} open={confirming} onClose={() => setConfirming(false)} />
        </>
      )}
    </Dialog>
  )
}

/** The totals, where confirming stands, the months, the rows to fix, then 新增 and 缺失. */
function CertificateBody({ comparison, order }: { comparison: Comparison; order: Order | null }) {
  const { t } = useTranslation('orders')
  const summary = comparison.dataValue
  const state = certificateState(summary)
  const label = t('certificate.summary')
  return (
    <>
      <section className="certificate-summary" aria-label={label}>
        <CertificateTiles spots={summary} label={t('certificate.spots')} />
        <p className={`certificate-summary__state certificate-summary__state--${state.done ? 'confirmed' : 'pending'}`} role="status">
          {t(state.key, { months: state.months })}
        </p>
        <CertificateMonths months={summary.months} />
      </section>
      {summary.unassigned.length > 0 && order && <CertificateUnassigned orderId={order.id} mediaId={order.mediaId} rows={summary.unassigned} />}
      <div className="certificate__tables">
        <CertificateDiffTable kind="added" rows={comparison.dataList.added} />
        <CertificateDiffTable kind="missing" rows={comparison.dataList.missing} />
      </div>
    </>
  )
}
