import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import { useOrderLogs, type OrderLogEntry } from '../api/get-order-logs'

type Props = { orderId: number | null; onClose: () => void }

/** 订单日志: every change to the order, newest first, with who made it and when. */
export function OrderLogDialog({ orderId, onClose }: Props) {
  const { t } = useTranslation('orders')
  const logs = useOrderLogs(orderId)
  const title = t('logs.title', { id: orderId ?? '' })
  const columns: Column<OrderLogEntry>[] = [
    { key: 'content', title: t('logs.content'), render: (r) => <span className="order-log__content">{r.content}</span> },
    { key: 'admin', title: t('logs.admin'), width: 120, render: (r) => r.admin.name || '-' },
    { key: 'createTime', title: t('logs.time'), width: 170 },
  ]
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      width={860}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('common:confirm')}</button>}
    >
      <DataTable columns={columns} data={logs.data} loading={logs.isFetching} label={title} emptyText={t('logs.empty')} />
    </Dialog>
  )
}
