import { useMemo, useState, type Key } from 'react'
import { confirm } from '@/components/ui/confirm'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { useChangeTapes } from '../api/get-change-tapes'
import { useOrder } from '../api/get-order'
import { useOrderHistory, type OrderHistoryVersion } from '../api/get-order-history'
import type { Order } from '../api/get-orders'
import { useRestoreOrderVersion } from '../api/restore-order-version'
import { VersionDetails } from './version-details'

type Props = { order: Order | null; onClose: () => void }

/**
 * 历史版本 (docs/screens.md "Order dialogs"): the order's versions newest first — 详情 shows a version's fields, 恢复
 * brings the order back to it (the newest is the current one and has no 恢复).
 */
export function HistoryDialog({ order, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const orderId = order?.id ?? null
  const history = useOrderHistory(orderId)
  const restore = useRestoreOrderVersion()
  // Tape names: the order's tapes now, and the product's (a version may name one since removed).
  const info = useOrder(orderId)
  const productTapes = useChangeTapes(order?.productId ?? null)
  const names = useMemo(() => {
    const map = new Map<number, string>()
    for (const p of productTapes.data ?? []) map.set(p.id, p.up_tape_name)
    for (const tape of info.data?.tapes ?? order?.tapes ?? []) map.set(tape.id, tape.mediaFileName)
    return map
  }, [productTapes.data, info.data, order])
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set())
  const toggle = (key: Key) =>
    setExpanded((open) => {
      const next = new Set(open)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const close = () => {
    setExpanded(new Set())
    onClose()
  }

  const versions = history.data ?? []
  const current = versions[0]?.id
  const previousOf = (row: OrderHistoryVersion) => versions.find((v) => v.version === row.version - 1)?.snapshot

  const onRestore = async (row: OrderHistoryVersion) => {
    if (orderId === null || !(await confirm(t('history.restoreConfirm')))) return
    restore.mutate({ orderId, id: row.id }, { onSuccess: () => toast.success(t('history.restored')) })
  }

  const columns: Column<OrderHistoryVersion>[] = [
    {
      key: 'version',
      title: t('history.version'),
      width: 150,
      render: (r) => (
        <span className="history-version">
          {t('history.versionN', { n: r.version })}
          {r.id === current && <span className="tag tag--success">{t('history.current')}</span>}
        </span>
      ),
    },
    { key: 'createTime', title: t('history.time'), width: 170 },
    { key: 'adminName', title: t('history.admin'), width: 100 },
    { key: 'content', title: t('history.content'), render: (r) => <span className="order-log__content">{r.content}</span> },
    {
      key: 'actions',
      title: t('history.actions'),
      width: 120,
      render: (r) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" aria-expanded={expanded.has(r.id)} onClick={() => toggle(r.id)}>
            {expanded.has(r.id) ? t('history.hideDetails') : t('history.details')}
          </button>
          {r.id !== current && (
            <button type="button" className="btn btn--text btn--warning btn--small" disabled={restore.isPending} onClick={() => onRestore(r)}>
              {t('history.restore')}
            </button>
          )}
        </span>
      ),
    },
  ]

  const title = t('history.title', { id: orderId ?? '' })
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => !next && close()}
      title={title}
      width={1000}
      footer={<button type="button" className="btn btn--primary" onClick={close}>{t('common:close')}</button>}
    >
      <DataTable
        columns={columns}
        data={history.data}
        loading={history.isFetching}
        label={title}
        emptyText={t('history.empty')}
        expandable={{
          expanded,
          onToggle: toggle,
          render: (r) => <VersionDetails version={r.version} snapshot={r.snapshot} previous={previousOf(r)} tapeName={(id) => names.get(id)} />,
        }}
      />
    </Dialog>
  )
}
