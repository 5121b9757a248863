import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { confirm } from '@/components/ui/confirm'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { VirtualTable } from '@/components/ui/virtual-table'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { useDeleteCustomers } from '../api/delete-customers'
import { useExportCustomers } from '../api/export-customers'
import { customersQueryOptions, useCustomers } from '../api/get-customers'
import { useCustomerColumns } from '../components/customers-columns'
import { CustomersImports, useCustomersImports } from '../components/customers-import'
import { CustomersToolbar } from '../components/customers-toolbar'
import { useRowSelection } from '../components/row-selection'
import { CUSTOMER_PAGE_SIZES, useCustomerFilters } from '../components/use-customer-filters'
import '../components/customers.css'

// The category, source and ownership of an import come from the dialog's data fields.
const NO_TAG_VALUE = {}
const NO_IDS: number[] = []

/** /client/index: customer viewing data — filters, import, export and 批量删除. */
export default function CustomersPage() {
  const { t } = useTranslation(['customers', 'common'])
  const client = useQueryClient()
  const { filters, setFilters } = useCustomerFilters()
  const list = useCustomers(filters)
  const rows = list.data?.data
  const ids = useMemo(() => rows?.map((r) => r.id) ?? NO_IDS, [rows])
  const selection = useRowSelection(ids)
  const { mutate: removeRows } = useDeleteCustomers()
  const exporter = useExportCustomers()
  const [importing, setImporting] = useState(false)

  useKeepPageInRange(list.data?.total, filters, setFilters)

  // An import runs as a job; the rows appear once it has ended, and how it went shows above them.
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: customersQueryOptions().queryKey.slice(0, 1) }), [client])
  const imports = useCustomersImports(() => void refresh())

  const columns = useCustomerColumns(selection, rows)
  const chosen = selection.selected
  const rowClassName = useCallback((row: { id: number }) => (chosen.has(row.id) ? 'customers-row--chosen' : undefined), [chosen])

  const removeSelected = async () => {
    const picked = [...chosen]
    if (!picked.length) return
    if (!(await confirm(t('deleteConfirm', { count: picked.length }), { danger: true }))) {
      toast.info(t('deleteCancelled'))
      return
    }
    removeRows(picked, {
      onSuccess: () => {
        selection.clear()
        toast.success(t('deleted'))
      },
    })
  }

  return (
    <div className="page">
      <div className="card">
        <CustomersToolbar
          filters={filters}
          onSearch={setFilters}
          onExport={() => exporter.mutate(filters, { onSuccess: () => toast.success(t('exported')) })}
          exporting={exporter.isPending}
          onImport={() => setImporting(true)}
          selected={chosen.size}
          onDelete={removeSelected}
        />
      </div>
      <CustomersImports imports={imports.imports} onDismiss={imports.dismiss} />
      <div className="card">
        <VirtualTable
          columns={columns}
          data={rows}
          loading={list.isFetching}
          rowClassName={rowClassName}
          label={t('title')}
          emptyText={t('empty')}
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          pageSizes={CUSTOMER_PAGE_SIZES}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <UploadDialog
        open={importing}
        onClose={() => setImporting(false)}
        tags="customerData"
        tagValue={NO_TAG_VALUE}
        mode="data"
        onSuccess={imports.started}
      />
    </div>
  )
}
