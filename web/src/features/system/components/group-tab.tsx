import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { toast } from '@/components/ui/toast-store'
import { useDeleteGroup } from '../api/delete-group'
import { useBrandList } from '../api/get-brand-list'
import { useGroups, type Group } from '../api/get-groups'
import { GroupFormDialog } from './group-form-dialog'
import { NameSearch } from './name-search'
import { RowActions } from './row-actions'
import type { TabQuery } from './use-settings-params'

type Props = { query: TabQuery; setQuery: (next: Partial<TabQuery>) => void }

/** 受众/城市组: name search (and a brand), 10 a page, with 添加, 编辑 and 删除. */
export function GroupTab({ query, setQuery }: Props) {
  const { t } = useTranslation('system')
  const list = useGroups({ page: query.page, limit: query.limit, audienceCityGroupName: query.name, brandId: query.brandId })
  const brands = useBrandList()
  const brandOptions = useMemo(() => (brands.data ?? []).map((b) => ({ value: b.id, label: b.brandName })), [brands.data])
  const { mutate: remove } = useDeleteGroup()
  const [editing, setEditing] = useState<{ row: Group | null } | null>(null)

  useKeepPageInRange(list.data?.total, query, setQuery)

  const onDelete = async (row: Group) => {
    if (!(await confirmDelete(t('deleteWhat.group', { name: row.audienceCityGroupName })))) return
    remove(row.id, { onSuccess: () => toast.success(t('deleted')) })
  }
  const columns: Column<Group>[] = [
    { key: 'id', title: t('id'), width: 90 },
    { key: 'audienceCityGroupName', title: t('group.name') },
    { key: 'brand', title: t('group.brand'), render: (row) => row.brand?.brandName ?? '-' },
    { key: 'createTime', title: t('createTime'), width: 190 },
    { key: 'actions', title: t('actions'), width: 160, render: (row) => <RowActions onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} /> },
  ]

  return (
    <>
      <NameSearch
        label={t('group.name')}
        placeholder={t('group.placeholder')}
        name={query.name}
        onSearch={(name) => setQuery({ name, page: 1 })}
        onReset={() => setQuery({ name: undefined, brandId: undefined, page: 1 })}
        onAdd={() => setEditing({ row: null })}
      >
        <SearchableSelect
          aria-label={t('group.brandFilter')}
          placeholder={t('group.brandFilter')}
          options={brandOptions}
          loading={brands.isPending}
          value={query.brandId}
          onChange={(brandId) => setQuery({ brandId: brandId ?? undefined, page: 1 })}
        />
      </NameSearch>
      <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('group.title')} />
      <Pagination total={list.data?.total ?? 0} page={query.page} pageSize={query.limit} onChange={(page, limit) => setQuery({ page, limit })} />
      <GroupFormDialog open={editing !== null} group={editing?.row ?? null} defaultBrandId={query.brandId} onClose={() => setEditing(null)} />
    </>
  )
}
