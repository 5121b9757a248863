import { useMemo, useState } from 'react'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { useTranslation } from '@/lib/i18n'
import { useAdminLogs, type LogEntry } from '../api/get-admin-logs'
import { adminLogColumns } from '../components/admin-log-columns'
import { AdminLogToolbar } from '../components/admin-log-toolbar'
import { LogDetailDialog } from '../components/log-detail-dialog'
import { useLogFilters } from '../components/use-log-filters'
import '../components/admin-log.css'

/** /adminlog: the operation log, with filters that filter. */
export default function AdminLogPage() {
  const { t } = useTranslation('admin')
  const { filters, setFilters } = useLogFilters()
  const logs = useAdminLogs(filters)
  const [detail, setDetail] = useState<LogEntry | null>(null)
  const columns = useMemo(() => adminLogColumns(t, setDetail), [t])

  return (
    <div className="page">
      <div className="card">
        <AdminLogToolbar filters={filters} onSearch={setFilters} />
      </div>
      <div className="card">
        <DataTable columns={columns} data={logs.data?.data} loading={logs.isFetching} label={t('log.title')} />
        <Pagination
          total={logs.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <LogDetailDialog entry={detail} onClose={() => setDetail(null)} />
    </div>
  )
}
