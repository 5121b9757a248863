import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useDeleteOrder } from '../api/delete-order'
import { useExportOrders } from '../api/export-orders'
import { useOrders, type Order } from '../api/get-orders'
import { CertificateDialog } from '../components/certificate-dialog'
import { CustomerDataDialog } from '../components/customer-data-dialog'
import { DrillDownProvider } from '../components/drill-down/drill-down'
import { HistoryDialog } from '../components/history-dialog'
import { OrderDialog } from '../components/order-dialog'
import { OrderLogDialog } from '../components/order-log-dialog'
import { OrderTemplateDialog } from '../components/order-template-dialog'
import { orderColumns, type MoreDialog } from '../components/orders-columns'
import { OrdersToolbar } from '../components/orders-toolbar'
import { ProposalDialog } from '../components/proposal-dialog'
import { SummaryDialog } from '@/features/summary/components/summary-dialog'
import { TapeChangeDialog } from '../components/tape-change-dialog'
import { UpsideDownThreeUpload } from '../components/upside-down-three-upload'
import { FILTER_KEYS, useOrderFilters } from '../components/use-order-filters'
import '../components/orders.css'
import '../components/order-dialogs.css'

/** Which dialog is open: adding (id null) or editing an order. */
type Editing = { id: number | null } | null

/** /order/index, the home page: the order summary list with each order's customer and media figures. */
export default function OrdersPage() {
  const { t } = useTranslation('orders')
  const { filters, setFilters } = useOrderFilters()
  const list = useOrders(filters)
  const { mutate: removeOrder } = useDeleteOrder()
  const exporter = useExportOrders()
  const [editing, setEditing] = useState<Editing>(null)
  const [more, setMore] = useState<{ dialog: MoreDialog; order: Order } | null>(null)

  useKeepPageInRange(list.data?.total, filters, setFilters)
  const filtered = FILTER_KEYS.some((k) => filters[k])
  // The order of the open 更多 dialog, as the list now has it (a restore may change its cycle).
  const moreOf = (dialog: MoreDialog) =>
    more?.dialog === dialog ? (list.data?.data.find((r) => r.id === more.order.id) ?? more.order) : null
  const closeMore = () => setMore(null)

  const columns = useMemo(
    () =>
      orderColumns(t, {
        onEdit: (row) => setEditing({ id: row.id }),
        onDelete: async (row) => {
          if (!(await confirmDelete(t('deleteWhat', { product: row.productName, start: row.cycleTimeAdd, end: row.cycleTimeEnd })))) return
          removeOrder(row.id, { onSuccess: () => toast.success(t('deleted')) })
        },
        onMore: (dialog, order) => setMore({ dialog, order }),
      }),
    [t, removeOrder],
  )

  return (
    <DrillDownProvider>
      <div className="page">
        <div className="card">
          <OrdersToolbar
            filters={filters}
            onSearch={setFilters}
            onAdd={() => setEditing({ id: null })}
            onExport={() => exporter.mutate(filters)}
            exporting={exporter.isPending}
          />
        </div>
        <div className="card orders-table">
          {/* The cover (which takes the clicks) only while the rows shown are not yet the
              filters' answer: the asking again behind 更新中, every second, happens under the user's hand. */}
          <DataTable columns={columns} data={list.data?.data} loading={list.isPending || list.isPlaceholderData} label={t('title')} emptyText={t(filtered ? 'emptyFiltered' : 'empty')} />
          <Pagination total={list.data?.total ?? 0} page={filters.page} pageSize={filters.limit} onChange={(page, limit) => setFilters({ page, limit })} />
        </div>
        <OrderDialog open={editing !== null} orderId={editing?.id ?? null} onClose={() => setEditing(null)} />
        <SummaryDialog order={moreOf('summary')} onClose={closeMore} />
        <OrderTemplateDialog orderId={moreOf('template')?.id ?? null} onClose={closeMore} />
        <TapeChangeDialog order={moreOf('tapeChanges')} onClose={closeMore} />
        <CertificateDialog order={moreOf('certificate')} onClose={closeMore} />
        <CustomerDataDialog order={moreOf('customerData')} onClose={closeMore} />
        <UpsideDownThreeUpload order={moreOf('upsideDownThree')} onClose={closeMore} />
        <ProposalDialog orderId={moreOf('proposals')?.id ?? null} onClose={closeMore} />
        <HistoryDialog order={moreOf('history')} onClose={closeMore} />
        <OrderLogDialog orderId={moreOf('log')?.id ?? null} onClose={closeMore} />
      </div>
    </DrillDownProvider>
  )
}
