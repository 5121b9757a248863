import { useEffect } from 'react'
import { confirm } from '@/components/ui/confirm'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import { type TFunction, useTranslation } from '@/lib/i18n'
import { listOf } from '@/lib/i18n-text'
import type { ConfirmResult, Preview } from '../api/certificates'
import { useConfirmCertificate, usePreviewCertificate } from '../api/use-certificate'
import { CertificateDiffTable } from './certificate-diff-table'
import { CertificateMonths, CertificateTiles } from './certificate-summary'

type Props = { orderId: number; open: boolean; onClose: () => void }

const message = (err: unknown) => (err instanceof ApiError ? err.message : String(err))

/**
 * 确认更新 (docs/screens.md "Order dialogs"): the check of the due months (typeY 1) runs when the user asks to confirm,
 * shows what confirming does — the comparison's spots, the cells it verifies and flags, the spots
 * it records as free, the months it locks — and 确认更新, once the user has said yes to the months
 * it locks for good (named with their spots, the check's own figures), applies exactly that
 * preview (typeY 2 with its basis). 取消 there sends nothing.
 */
export function CertificateConfirmDialog({ orderId, open, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const preview = usePreviewCertificate()
  const confirming = useConfirmCertificate(orderId)
  const { mutate, reset } = preview

  useEffect(() => {
    if (open) mutate(orderId)
    else reset()
  }, [open, orderId, mutate, reset])

  const data = preview.data
  const blocked = (data?.dataValue.unassigned.length ?? 0) > 0
  const apply = async () => {
    if (!data) return
    const locking = data.dataValue.months.some((m) => m.over)
    const asked = { title: t(locking ? 'certificate.lockTitle' : 'certificate.confirmTitle'), confirmText: t(locking ? 'certificate.lockConfirm' : 'common:confirm'), danger: locking }
    if (!(await confirm(lockText(t, data), asked))) return
    confirming.mutate(data.dataValue.basis, {
      onSuccess: (done) => {
        toast.success(doneText(t, data, done))
        onClose()
      },
      onError: (err) => {
        // The data changed since the preview (or someone confirmed it): say so, check again.
        if (err instanceof ApiError && err.code === Code.Conflict) {
          toast.warning(err.message)
          mutate(orderId)
        } else toast.error(message(err))
      },
    })
  }

  const footer = (
    <>
      <button type="button" className="btn" onClick={onClose}>{t('common:cancel')}</button>
      {data && (
        <button type="button" className="btn btn--primary" disabled={confirming.isPending || preview.isPending || blocked} onClick={() => void apply()}>
          {t('certificate.confirm')}
        </button>
      )}
    </>
  )

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('certificate.confirmTitle')} width="80vw" footer={footer}>
      {preview.isError ? (
        <div className="order-dialog-empty" role="alert">{message(preview.error)}</div>
      ) : !data || preview.isPending ? (
        <div className="order-dialog-empty" aria-busy="true">{t('certificate.checking')}</div>
      ) : (
        <PreviewBody preview={data} />
      )}
    </Dialog>
  )
}

function PreviewBody({ preview }: { preview: Preview }) {
  const { t } = useTranslation('orders')
  const v = preview.dataValue
  const c = v.changes
  return (
    <div className="certificate">
      <p className="certificate-summary__state">{t('certificate.checkedMonths', { months: listOf(v.months.map((m) => m.pointDateYm), t) })}</p>
      <CertificateTiles spots={v} label={t('certificate.previewSpots')} />
      <CertificateMonths months={v.months} check />
      <p className="certificate-summary__state certificate-summary__state--pending" role="status">
        {t('certificate.changes', { verified: c.verifiedCells, missingCells: c.missingCells, missingSpots: c.missingSpots, free: c.freeSpots })}
      </p>
      {v.unassigned.length > 0 && <p role="alert" className="certificate-confirm__blocked">{t('certificate.unassignedBlock', { count: v.unassigned.length })}</p>}
      <div className="certificate__tables">
        <CertificateDiffTable kind="added" rows={preview.dataList.added} />
        <CertificateDiffTable kind="missing" rows={preview.dataList.missing} />
      </div>
    </div>
  )
}

/**
 * What 确认更新 asks before it applies: the months it locks for good (those over) with their
 * aired spots — the sum of the check's month rows shown above it — and the running months it
 * only verifies up to yesterday, which stay open.
 */
function lockText(t: TFunction, preview: Preview): string {
  const months = preview.dataValue.months
  const locks = months.filter((m) => m.over)
  const open = months.filter((m) => !m.over)
  const names = (ms: typeof months) => ms.map((m) => m.pointDateYm).join('、')
  const parts = [
    locks.length > 0
      ? t('certificate.locks', { months: names(locks), count: locks.length, aired: locks.reduce((sum, m) => sum + m.aired, 0) })
      : t('certificate.locksNone'),
  ]
  if (open.length > 0) parts.push(t('certificate.staysOpen', { months: names(open) }))
  return parts.join('')
}

/** The toast after typeY 2: the months confirmed (or only checked, while a month runs) and what was done, in units. */
function doneText(t: TFunction, preview: Preview, done: ConfirmResult): string {
  const counts = { verified: done.verifiedCells, missingCells: done.missingCells, missingSpots: done.missingSpots, free: done.freeSpots }
  const open = preview.dataValue.months.map((m) => m.pointDateYm).filter((m) => !done.months.includes(m))
  const text = done.months.length > 0 ? t('certificate.confirmedToast', { months: listOf(done.months, t), ...counts }) : t('certificate.verifiedToast', counts)
  return open.length > 0 && done.months.length > 0 ? `${text}${t('certificate.stillOpen', { months: listOf(open, t) })}` : text
}
