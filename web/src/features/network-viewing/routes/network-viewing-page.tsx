import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useDeleteOnlineViewing } from '../api/delete-online-viewing'
import { useOnlineViewingMedia } from '../api/get-online-viewing-media'
import { useOnlineViewings, type OnlineViewing } from '../api/get-online-viewings'
import { useViewingFilters } from '../components/use-viewing-filters'
import { viewingColumns } from '../components/viewing-columns'
import { ViewingFormDialog } from '../components/viewing-form-dialog'
import { ViewingToolbar } from '../components/viewing-toolbar'
import '../components/network-viewing.css'

/** /networkViewingManagement/index: network viewing reference records, 30 a page. */
export default function NetworkViewingPage() {
  const { t } = useTranslation('network-viewing')
  const { filters, setFilters } = useViewingFilters()
  const list = useOnlineViewings(filters)
  const media = useOnlineViewingMedia()
  const { mutate: remove } = useDeleteOnlineViewing()
  const [editing, setEditing] = useState<{ record: OnlineViewing | null } | null>(null)

  const total = list.data?.total
  useKeepPageInRange(total, filters, setFilters)

  const columns = useMemo(
    () =>
      viewingColumns(t, {
        onEdit: (record) => setEditing({ record }),
        onDelete: async (record) => {
          if (!(await confirmDelete(t('deleteWhat', { name: record.onlineViewingName, time: record.onlineViewingTime })))) return
          remove(record.id, { onSuccess: () => toast.success(t('deleted')) })
        },
      }),
    [t, remove],
  )

  return (
    <div className="page">
      <div className="card">
        <ViewingToolbar filters={filters} media={media.data ?? []} onSearch={setFilters} onAdd={() => setEditing({ record: null })} />
      </div>
      <div className="card">
        <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('title')} />
        <Pagination total={total ?? 0} page={filters.page} pageSize={filters.limit} onChange={(page, limit) => setFilters({ page, limit })} />
      </div>
      <ViewingFormDialog open={editing !== null} record={editing?.record ?? null} media={media.data ?? []} onClose={() => setEditing(null)} />
    </div>
  )
}
