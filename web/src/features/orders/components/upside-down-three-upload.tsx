import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from '@/components/ui/dialog'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { useTranslation } from '@/lib/i18n'
import { figuresKey } from '../api/evaluation-keys'
import type { Order } from '../api/get-orders'
import { invalidateOrder } from '../api/invalidate'
import { ImportResult } from './import-result'
import { useImportOutcomes } from './use-import-outcomes'

type Props = { order: Order | null; onClose: () => void }

/**
 * 正负三上传 (更多 menu): the upload dialog tagged alreadyUpsideDownThree with the order and the
 * file's category and source (`{orderId, category, source}`). The job replaces the order's
 * positions of that category and source, so its end refreshes the figures (正负三 %) and the
 * list; its message (or every bad row of a refused file) shows in a dialog of its own.
 * Always mounted, so the job is followed after the upload dialog has closed.
 */
export function UpsideDownThreeUpload({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const client = useQueryClient()
  const { outcomes, setOutcome, started } = useImportOutcomes((of) => {
    void invalidateOrder(client, of, figuresKey(of))
  })
  // The one outcome shown: the latest of any order (a second upload's replaces the first's).
  const shown = Object.entries(outcomes).at(-1)
  const dismiss = () => shown && setOutcome(Number(shown[0]), null)

  return (
    <>
      {order && (
        <UploadDialog
          open
          onClose={onClose}
          tags="alreadyUpsideDownThree"
          tagValue={{ orderId: order.id }}
          mode="data"
          ownership={false}
          onSuccess={(uploaded) => started(order.id, uploaded.map((u) => u.jobId))}
        />
      )}
      <Dialog
        open={shown !== undefined && !order}
        onOpenChange={(next) => !next && dismiss()}
        title={t('evaluation.upsideDownThree.title', { id: shown?.[0] ?? '' })}
        footer={<button type="button" className="btn btn--primary" onClick={dismiss}>{t('common:close')}</button>}
      >
        {shown && <ImportResult outcome={shown[1]} of="evaluation.upsideDownThree" onDismiss={dismiss} />}
      </Dialog>
    </>
  )
}
