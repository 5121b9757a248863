import { useState } from 'react'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { codeLabel } from '@/lib/i18n-server-labels'
import { useDeleteTapeChange } from '../api/delete-tape-change'
import { useChangeTapes } from '../api/get-change-tapes'
import { useOrderVersions } from '../api/get-order-versions'
import type { Order } from '../api/get-orders'
import { useTapeChanges, type TapeChange } from '../api/get-tape-changes'
import { TapeChangeForm } from './tape-change-form'

type Props = { order: Order | null; onClose: () => void }

/** Status 1 待执行 (pending, editable), 3 已执行. */
const PENDING = 1

/** 换版通知 (docs/screens.md "Order dialogs"): the order's tape changes, with add, edit of a pending one and delete. */
export function TapeChangeDialog({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const orderId = order?.id ?? null
  const changes = useTapeChanges(orderId)
  const versions = useOrderVersions(orderId)
  const upTapes = useChangeTapes(order?.productId ?? null)
  const { mutate: remove } = useDeleteTapeChange()
  const [editing, setEditing] = useState<TapeChange | null>(null)
  const title = t('tapeChanges.title', { id: orderId ?? '' })

  const close = () => {
    setEditing(null)
    onClose()
  }
  const onDelete = async (row: TapeChange) => {
    if (!order) return
    if (!(await confirmDelete(t('tapeChanges.deleteWhat', { from: row.magneticTapeName, to: row.upTapeName, at: row.executeAt })))) {
      toast.info(t('tapeChanges.deleteCancelled'))
      return
    }
    // An executed change is refused with the server's 不可删除, shown by the client.
    remove({ orderId: order.id, detailsId: row.id }, {
      onSuccess: () => {
        if (editing?.id === row.id) setEditing(null)
        toast.success(t('tapeChanges.deleted'))
      },
    })
  }

  const columns: Column<TapeChange>[] = [
    { key: 'magneticTapeName', title: t('tapeChanges.tape') },
    { key: 'upTapeName', title: t('tapeChanges.upTape') },
    { key: 'executeAt', title: t('tapeChanges.executeAt'), width: 120 },
    {
      key: 'status',
      title: t('tapeChanges.status'),
      width: 90,
      render: (r) => <span className={`tag ${r.status === PENDING ? 'tag--warning' : 'tag--success'}`}>{codeLabel(t, 'tapeChangeStatus', r.status, r.statusName)}</span>,
    },
    { key: 'createTime', title: t('tapeChanges.createTime'), width: 170 },
    {
      key: 'actions',
      title: t('tapeChanges.actions'),
      width: 120,
      render: (r) => (
        <span className="row-actions">
          {r.status === PENDING && (
            <button type="button" className="btn btn--text btn--small" onClick={() => setEditing(r)} aria-label={`${t('tapeChanges.edit')} ${r.magneticTapeName} → ${r.upTapeName}`}>
              {t('tapeChanges.edit')}
            </button>
          )}
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => onDelete(r)} aria-label={`${t('tapeChanges.delete')} ${r.magneticTapeName} → ${r.upTapeName}`}>
            {t('tapeChanges.delete')}
          </button>
        </span>
      ),
    },
  ]

  const ready = order && versions.data && upTapes.data
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => !next && close()}
      title={title}
      width={960}
      footer={<button type="button" className="btn btn--primary" onClick={close}>{t('common:close')}</button>}
    >
      {ready && (
        <TapeChangeForm
          key={editing?.id ?? 'new'}
          orderId={order.id}
          cycleStart={order.cycleTimeAdd}
          cycleEnd={order.cycleTimeEnd}
          versions={versions.data.product_magnetic_tape}
          upTapes={upTapes.data}
          editing={editing}
          onEditDone={() => setEditing(null)}
        />
      )}
      <DataTable columns={columns} data={changes.data} loading={changes.isFetching} label={title} emptyText={t('tapeChanges.empty')} />
    </Dialog>
  )
}
