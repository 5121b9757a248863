import { useMemo, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useDeleteAccount } from '../api/delete-account'
import { useAccounts, type Account } from '../api/get-accounts'
import { AccountDetailDialog } from '../components/account-detail-dialog'
import { AccountFormDialog } from '../components/account-form-dialog'
import { AccountLogDialog } from '../components/account-log-dialog'
import { accountColumns } from '../components/accounts-columns'
import { AccountsToolbar } from '../components/accounts-toolbar'
import { useAccountFilters } from '../components/use-account-filters'

type Editing = { account: Account | null } | null

/** /admin: the admin account list. */
export default function AccountsPage() {
  const { t } = useTranslation('admin')
  const { filters, setFilters } = useAccountFilters()
  const list = useAccounts(filters)
  const { mutate: removeAccount } = useDeleteAccount()
  const [editing, setEditing] = useState<Editing>(null)
  const [detailId, setDetailId] = useState<number | null>(null)
  const [logOf, setLogOf] = useState<Account | null>(null)

  useKeepPageInRange(list.data?.total, filters, setFilters)

  const columns = useMemo(
    () =>
      accountColumns(t, {
        onDetail: (row) => setDetailId(row.id),
        onEdit: (row) => setEditing({ account: row }),
        onLog: setLogOf,
        onDelete: async (row) => {
          if (!(await confirmDelete(t('accounts.deleteWhat', { name: row.name, account: row.account })))) return
          removeAccount(row.id, { onSuccess: () => toast.success(t('common.deleted')) })
        },
      }),
    [t, removeAccount],
  )

  return (
    <div className="page">
      <div className="card">
        <AccountsToolbar filters={filters} onSearch={setFilters} onAdd={() => setEditing({ account: null })} />
      </div>
      <div className="card">
        <DataTable columns={columns} data={list.data?.data} loading={list.isFetching} label={t('accounts.title')} />
        <Pagination
          total={list.data?.total ?? 0}
          page={filters.page}
          pageSize={filters.limit}
          onChange={(page, limit) => setFilters({ page, limit })}
        />
      </div>
      <AccountFormDialog open={editing !== null} account={editing?.account ?? null} onClose={() => setEditing(null)} />
      <AccountDetailDialog id={detailId} onClose={() => setDetailId(null)} />
      <AccountLogDialog account={logOf} onClose={() => setLogOf(null)} />
    </div>
  )
}
