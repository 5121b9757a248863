import type { RefObject } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'
import { ViewingEditor } from './viewing-editor'
import './evaluation.css'

type Props = {
  orderId: number
  /** The order's media (its time-period classes). */
  mediaId: number
  filter: EvaluationFilter
  open: boolean
  onClose: () => void
  /** What takes the focus back on closing (the 收视信息 button). */
  returnTo: RefObject<HTMLElement | null>
}

/** 收视信息 (docs/screens.md "Master-data screens"'s analysis view): the estimate editor of 汇总 mode, in a dialog of its own. */
export function ViewingDialog({ orderId, mediaId, filter, open, onClose, returnTo }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('evaluation.estimates.dialogTitle', { id: orderId })}
      width="80vw"
      onCloseAutoFocus={(e) => {
        if (!returnTo.current?.isConnected) return
        e.preventDefault()
        returnTo.current.focus()
      }}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('common:close')}</button>}
    >
      {open && <ViewingEditor orderId={orderId} mediaId={mediaId} filter={filter} label={t('evaluation.estimates.title')} />}
    </Dialog>
  )
}
