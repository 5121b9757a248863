import { useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useCreateMedia } from '../api/create-media'
import { useDeleteMedia } from '../api/delete-media'
import { useMedia, type Media } from '../api/get-media'
import { useUpdateMedia } from '../api/update-media'
import { NameFormDialog } from './name-form-dialog'
import { RowActions } from './row-actions'
import type { TabQuery } from './use-settings-params'

type Props = { query: TabQuery; setQuery: (next: Partial<TabQuery>) => void }

/** 媒体: the channels, with 添加, 编辑 and 删除. */
export function MediaTab({ query, setQuery }: Props) {
  const { t } = useTranslation('system')
  const list = useMedia({ page: query.page, limit: query.limit })
  const create = useCreateMedia()
  const update = useUpdateMedia()
  const { mutate: remove } = useDeleteMedia()
  const [editing, setEditing] = useState<{ row: Media | null } | null>(null)

  useKeepPageInRange(list.data?.total, query, setQuery)

  const onDelete = async (row: Media) => {
    if (!(await confirmDelete(t('deleteWhat.media', { name: row.mediaName })))) return
    remove(row.id, { onSuccess: () => toast.success(t('deleted')) })
  }
  const columns: Column<Media>[] = [
    { key: 'id', title: t('id'), width: 90 },
    { key: 'mediaName', title: t('media.name') },
    { key: 'createTime', title: t('createTime'), width: 190 },
    { key: 'actions', title: t('actions'), width: 160, render: (row) => <RowActions onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} /> },
  ]

  const submit = async (name: string) => {
    const row = editing?.row
    if (row) await update.mutateAsync({ id: row.id, name })
    else await create.mutateAsync(name)
    toast.success(row ? t('updated') : t('added'))
    setEditing(null)
  }

  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn btn--success" onClick={() => setEditing({ row: null })}>
          {t('add')}
        </button>
      </div>
      <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('media.title')} />
      <Pagination total={list.data?.total ?? 0} page={query.page} pageSize={query.limit} onChange={(page, limit) => setQuery({ page, limit })} />
      <NameFormDialog
        open={editing !== null}
        title={editing?.row ? t('media.editTitle') : t('media.addTitle')}
        label={t('media.name')}
        placeholder={t('media.placeholder')}
        required={t('media.required')}
        initial={editing?.row?.mediaName ?? ''}
        serverFields={['mediaName', 'mediaNameUp']}
        busy={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </>
  )
}
