import type { ReactNode } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import { useAccount } from '../api/get-account'
import { rulesText, StatusTag } from './accounts-columns'
import './account-dialogs.css'

type Props = { id: number | null; onClose: () => void }

/** 管理员详情: the account as adminUserInfo answers it. */
export function AccountDetailDialog({ id, onClose }: Props) {
  const { t } = useTranslation('admin')
  const { data } = useAccount(id)
  const rows: [string, ReactNode][] = data
    ? [
        [t('accounts.id'), data.id],
        [t('accounts.name'), data.name],
        [t('accounts.account'), data.account],
        [t('common.status'), <StatusTag status={data.status} t={t} />],
        [t('accounts.rules'), rulesText(data, t)],
        [t('accounts.loginip'), data.loginip || '-'],
        [t('accounts.lastLoginTime'), data.lastLoginTime ?? '-'],
        [t('common.createTime'), data.createTime],
        [t('common.updateTime'), data.updateTime],
      ]
    : []
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('accounts.detailTitle')}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('ui.confirm')}</button>}
    >
      <dl className="details">
        {rows.map(([label, value]) => (
          <div key={label} className="details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
