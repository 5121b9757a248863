import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import { useTranslation } from '@/lib/i18n'
import type { CustomerFilter, CustomerPreview, CustomerRow } from '../api/evaluation-types'
import type { Order } from '../api/get-orders'
import { afterCustomerData, confirmOrderCustomerData, previewOrderCustomerData, useOrderCustomerData } from '../api/order-customer-data'
import { CustomerDataFilters } from './customer-data-filters'
import { CustomerPreviewPanel } from './customer-preview'
import { formatGrp } from './order-figures'
import './customer-data.css'

type Props = {
  order: Order | null
  /** Category and source to start with (the summary's toolbar); the order's own otherwise. */
  initial?: { category: string; source: string }
  onClose: () => void
  /** What takes the focus back on closing (the summary's 客户数据 button); Radix's own return otherwise. */
  returnTo?: RefObject<HTMLElement | null>
}

const PAGE_SIZE = 10

const startFilter = (order: Order | null, initial?: Props['initial']): CustomerFilter => ({
  category: initial?.category ?? '',
  source: initial?.source ?? '',
  addTime: order?.cycleTimeAdd ?? '',
  endTime: order?.cycleTimeEnd ?? '',
})

/**
 * 客户数据 of an order (docs/screens.md "Summary dialog", docs/evaluation.md "Customer data per order"): the viewing rows that match it under the
 * filters, a page at a time with the sum of their 毛评点; 更新 previews what would be attached
 * (typeY 1) and 确认更新 attaches exactly that (typeY 2). A 4009 (the rows changed since the
 * preview) says so and goes back to the list for a new preview.
 */
export function CustomerDataDialog({ order, initial, onClose, returnTo }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const client = useQueryClient()
  const orderId = order?.id ?? null
  const [filter, setFilter] = useState(() => startFilter(order, initial))
  const [page, setPage] = useState(1)
  const [preview, setPreview] = useState<CustomerPreview | null>(null)
  const [notice, setNotice] = useState('')
  // Each opening starts from the cycle and the filters it was opened with.
  const [seen, setSeen] = useState(orderId)
  if (seen !== orderId) {
    setSeen(orderId)
    setFilter(startFilter(order, initial))
    setPage(1)
    setPreview(null)
    setNotice('')
  }
  const list = useOrderCustomerData(orderId, filter, page, PAGE_SIZE)
  const previewing = useMutation({ mutationFn: () => previewOrderCustomerData(orderId ?? 0, filter) })
  const confirming = useMutation({ mutationFn: (basis?: string) => confirmOrderCustomerData(orderId ?? 0, filter, basis) })
  const label = (key: string) => t(`evaluation.customer.${key}`)
  const busy = previewing.isPending || confirming.isPending
  // Leaving the preview (返回, or a 4009) removes what had the focus: give it to 更新.
  const updateButton = useRef<HTMLButtonElement>(null)
  const previewed = useRef(false)
  useEffect(() => {
    if (previewed.current && !preview) updateButton.current?.focus()
    previewed.current = preview !== null
  }, [preview])

  const failed = (err: unknown) => {
    const message = err instanceof ApiError ? err.message : String(err)
    if (err instanceof ApiError && err.code === Code.Conflict) {
      // The rows matching now differ from the preview's: a new preview is needed.
      setPreview(null)
      setNotice(message || label('changed'))
      void list.refetch()
    } else toast.error(message)
  }
  const update = () => {
    setNotice('')
    previewing.mutate(undefined, { onSuccess: setPreview, onError: failed })
  }
  const confirmUpdate = () =>
    confirming.mutate(preview?.basis, {
      onSuccess: (done) => {
        toast.success(t('evaluation.customer.done', { count: done.count, placed: done.placed, unplaced: done.unplaced }))
        if (orderId !== null) void afterCustomerData(client, orderId)
        onClose()
      },
      onError: failed,
    })
  const search = (next: CustomerFilter) => {
    setFilter(next)
    setPage(1)
    setNotice('')
  }

  const columns: Column<CustomerRow>[] = [
    { key: 'title', title: label('title') },
    { key: 'ymd', title: label('ymd'), width: 110 },
    { key: 'addTime', title: label('addTime'), width: 170, render: (r) => <span className="customer-data__time">{r.addTime}</span> },
    { key: 'circumferenceName', title: label('program') },
    { key: 'timePeriodClass', title: label('timePeriodClass'), render: (r) => r.time_period_class?.timePeriodClassName || '—' },
    { key: 'maoDianPing', title: label('grp'), width: 100, align: 'right', render: (r) => formatGrp(r.maoDianPing) },
  ]
  const footer = preview ? (
    <>
      <button type="button" className="btn" disabled={busy} onClick={() => setPreview(null)}>{label('back')}</button>
      <button type="button" className="btn btn--primary" disabled={busy} aria-busy={confirming.isPending || undefined} onClick={confirmUpdate}>{label('confirm')}</button>
    </>
  ) : (
    <>
      <button type="button" className="btn" onClick={onClose}>{t('common:cancel')}</button>
      <button ref={updateButton} type="button" className="btn btn--primary" disabled={busy} aria-busy={previewing.isPending || undefined} onClick={update}>{label('update')}</button>
    </>
  )

  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('evaluation.customer.dialogTitle', { id: orderId ?? '' })}
      width="80vw"
      footer={footer}
      onCloseAutoFocus={(e) => {
        if (!returnTo?.current?.isConnected) return
        e.preventDefault()
        returnTo.current.focus()
      }}
    >
      {order && (
        <div className="customer-data">
          <CustomerDataFilters key={order.id} value={filter} first={order.cycleTimeAdd} last={order.cycleTimeEnd} onSearch={search} disabled={busy || preview !== null} />
          {notice && <p className="customer-data__notice" role="alert">{notice}</p>}
          {preview ? (
            <CustomerPreviewPanel orderId={order.id} preview={preview} />
          ) : (
            <>
              <p className="customer-data__sum" role="status">{t('evaluation.customer.sum', { total: list.data?.total ?? 0, sum: formatGrp(list.data?.sum ?? 0) })}</p>
              <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={label('rows')} emptyText={label('empty')} />
              <Pagination total={list.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} pageSizes={[PAGE_SIZE]} onChange={(p) => setPage(p)} />
            </>
          )}
        </div>
      )}
    </Dialog>
  )
}
