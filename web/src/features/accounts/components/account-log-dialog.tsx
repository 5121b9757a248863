import { useState } from 'react'
import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { Pagination } from '@/components/ui/pagination'
import { useTranslation } from '@/lib/i18n'
import { useAccountLogs, type AccountLogEntry } from '../api/get-account-logs'
import type { Account } from '../api/get-accounts'

type Props = { account: Account | null; onClose: () => void }

/** The log entries of one admin (the log filtered by the admin's name). */
export function AccountLogDialog({ account, onClose }: Props) {
  const { t } = useTranslation('admin')
  const [paging, setPaging] = useState({ page: 1, limit: 10 })
  const [shown, setShown] = useState(account)
  if (shown !== account) {
    setShown(account)
    setPaging({ page: 1, limit: 10 })
  }
  const logs = useAccountLogs({ adminName: account?.name ?? '', ...paging }, account !== null)
  const columns: Column<AccountLogEntry>[] = [
    { key: 'id', title: t('log.id'), width: 70 },
    { key: 'title', title: t('log.logTitle') },
    { key: 'url', title: t('log.url') },
    { key: 'ip', title: t('log.ip'), width: 120 },
    { key: 'createTime', title: t('log.createTime'), width: 170 },
  ]
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('accounts.logTitle', { name: account?.name ?? '' })}
      width={860}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('ui.confirm')}</button>}
    >
      <DataTable columns={columns} data={logs.data?.data} loading={logs.isFetching} label={t('accounts.logTitle', { name: account?.name ?? '' })} />
      <Pagination
        total={logs.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.limit}
        onChange={(page, limit) => setPaging({ page, limit })}
      />
    </Dialog>
  )
}
