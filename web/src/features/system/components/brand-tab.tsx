import { useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useCreateBrand } from '../api/create-brand'
import { useDeleteBrand } from '../api/delete-brand'
import { useBrands, type Brand } from '../api/get-brands'
import { useUpdateBrand } from '../api/update-brand'
import { NameFormDialog } from './name-form-dialog'
import { NameSearch } from './name-search'
import { RowActions } from './row-actions'
import type { TabQuery } from './use-settings-params'

type Props = { query: TabQuery; setQuery: (next: Partial<TabQuery>) => void }

/** 品牌: a name search, 10 a page, with 添加, 编辑 and 删除. */
export function BrandTab({ query, setQuery }: Props) {
  const { t } = useTranslation('system')
  const list = useBrands({ page: query.page, limit: query.limit, brandName: query.name })
  const create = useCreateBrand()
  const update = useUpdateBrand()
  const { mutate: remove } = useDeleteBrand()
  const [editing, setEditing] = useState<{ row: Brand | null } | null>(null)

  useKeepPageInRange(list.data?.total, query, setQuery)

  const onDelete = async (row: Brand) => {
    if (!(await confirmDelete(t('deleteWhat.brand', { name: row.brandName })))) return
    remove(row.id, { onSuccess: () => toast.success(t('deleted')) })
  }
  const columns: Column<Brand>[] = [
    { key: 'id', title: t('id'), width: 90 },
    { key: 'brandName', title: t('brand.name') },
    { key: 'createTime', title: t('createTime'), width: 190 },
    { key: 'actions', title: t('actions'), width: 160, render: (row) => <RowActions onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} /> },
  ]

  const submit = async (name: string) => {
    const row = editing?.row
    if (row) await update.mutateAsync({ id: row.id, current: row.brandName, name })
    else await create.mutateAsync(name)
    toast.success(row ? t('updated') : t('added'))
    setEditing(null)
  }

  return (
    <>
      <NameSearch
        label={t('brand.name')}
        placeholder={t('brand.placeholder')}
        name={query.name}
        onSearch={(name) => setQuery({ name, page: 1 })}
        onReset={() => setQuery({ name: undefined, page: 1 })}
        onAdd={() => setEditing({ row: null })}
      />
      <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('brand.title')} />
      <Pagination total={list.data?.total ?? 0} page={query.page} pageSize={query.limit} onChange={(page, limit) => setQuery({ page, limit })} />
      <NameFormDialog
        open={editing !== null}
        title={editing?.row ? t('brand.editTitle') : t('brand.addTitle')}
        label={t('brand.name')}
        placeholder={t('brand.placeholder')}
        required={t('brand.required')}
        initial={editing?.row?.brandName ?? ''}
        serverFields={['brandName', 'brandNameUp']}
        busy={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </>
  )
}
