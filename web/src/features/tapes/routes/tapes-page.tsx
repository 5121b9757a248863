import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useDeleteTape } from '../api/delete-tape'
import { useExportTapes } from '../api/export-tapes'
import { useTapes, type Tape } from '../api/get-tapes'
import { TapeFormDialog } from '../components/tape-form-dialog'
import { tapeColumns } from '../components/tapes-columns'
import { TapesToolbar } from '../components/tapes-toolbar'
import { useTapeFilters } from '../components/use-tape-filters'
import '../components/tapes.css'

type Editing = { tape: Tape | null } | null

/** /productMagneticTape/index: tape number management. */
export default function TapesPage() {
  const { t } = useTranslation('tapes')
  const { filters, setFilters } = useTapeFilters()
  const list = useTapes(filters)
  const { mutate: removeTape } = useDeleteTape()
  const exporter = useExportTapes()
  const [editing, setEditing] = useState<Editing>(null)

  useKeepPageInRange(list.data?.total, filters, setFilters)

  const columns = useMemo(
    () =>
      tapeColumns(t, {
        onEdit: (row) => setEditing({ tape: row }),
        onDelete: async (row) => {
          if (!(await confirmDelete(t('deleteWhat', { name: row.mediaFileName || row.mediaTapeNumber })))) {
            toast.info(t('deleteCancelled'))
            return
          }
          removeTape(row.id, { onSuccess: () => toast.success(t('deleted')) })
        },
      }),
    [t, removeTape],
  )

  return (
    <div className="page">
      <div className="card">
        <TapesToolbar
          filters={filters}
          onSearch={setFilters}
          onAdd={() => setEditing({ tape: null })}
          onExport={() => exporter.mutate(filters, { onSuccess: () => toast.success(t('exported')) })}
          exporting={exporter.isPending}
        />
      </div>
      <div className="card">
        <div className="tapes-table">
          <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('title')} />
        </div>
        <Pagination
          total={list.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <TapeFormDialog open={editing !== null} tape={editing?.tape ?? null} onClose={() => setEditing(null)} />
    </div>
  )
}
