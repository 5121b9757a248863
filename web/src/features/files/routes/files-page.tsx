import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { UploadDialog } from '@/components/upload/upload-dialog'
import { download } from '@/lib/download'
import { useTranslation } from '@/lib/i18n'
import { useRealtimeEvent } from '@/lib/realtime-provider'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { filesQueryOptions, useFiles } from '../api/get-files'
import { fileColumns } from '../components/files-columns'
import { FilesToolbar } from '../components/files-toolbar'
import { useFileFilters } from '../components/use-file-filters'
import '../components/files.css'

// The toolbar's upload is the customer-data import: its values come from the dialog's data fields.
const NO_TAG_VALUE = {}

/** /file/fileIndex: the uploaded files, their import jobs, download and 上传文件. */
export default function FilesPage() {
  const { t } = useTranslation('files')
  const client = useQueryClient()
  const { filters, setFilters } = useFileFilters()
  const list = useFiles(filters)
  const [uploading, setUploading] = useState(false)
  const columns = useMemo(() => fileColumns(t, (row) => download(row.url_name, row.fileName)), [t])

  useKeepPageInRange(list.data?.total, filters, setFilters)

  // A job starting or ending changes its row's status: refresh in the background.
  const refresh = () => client.invalidateQueries({ queryKey: filesQueryOptions().queryKey.slice(0, 1) })
  useRealtimeEvent('timeline', (m) => {
    if (m.status === 0 || m.status === 2) void refresh()
  })

  return (
    <div className="page">
      <div className="card">
        <FilesToolbar filters={filters} onSearch={setFilters} onUpload={() => setUploading(true)} />
      </div>
      <div className="card">
        <div className="files-table">
          <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('title')} emptyText={t('empty')} />
        </div>
        <Pagination
          total={list.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        tags="customerData"
        tagValue={NO_TAG_VALUE}
        mode="data"
        // The new file is the newest: show the first page, fetched anew.
        onSuccess={() => {
          setFilters({ page: 1 })
          void refresh()
        }}
      />
    </div>
  )
}
