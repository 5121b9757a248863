import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import { listOf } from '@/lib/i18n-text'
import { ALL_RULES } from '../api/create-account'
import type { Account } from '../api/get-accounts'

/** Account 1 is the super administrator: the list can't edit or delete it. */
export const PROTECTED_ID = 1

export type AccountActions = {
  onDetail: (row: Account) => void
  onEdit: (row: Account) => void
  onDelete: (row: Account) => void
  onLog: (row: Account) => void
}

export function rulesText(row: Pick<Account, 'rule_id' | 'ruleNames'>, t: TFunction<'admin'>) {
  return row.rule_id === ALL_RULES ? t('accounts.allRules') : listOf(row.ruleNames, t) || '-'
}

export function StatusTag({ status, t }: { status: string; t: TFunction<'admin'> }) {
  return status === '1' ? (
    <span className="tag tag--success">{t('common.normal')}</span>
  ) : (
    <span className="tag tag--danger">{t('common.disabled')}</span>
  )
}

export function accountColumns(t: TFunction<'admin'>, actions: AccountActions): Column<Account>[] {
  return [
    { key: 'name', title: t('accounts.name'), width: 140 },
    { key: 'account', title: t('accounts.account'), width: 140 },
    { key: 'rule_id', title: t('accounts.rules'), render: (row) => rulesText(row, t) },
    { key: 'status', title: t('common.status'), width: 90, render: (row) => <StatusTag status={row.status} t={t} /> },
    { key: 'loginip', title: t('accounts.loginip'), width: 140 },
    { key: 'createTime', title: t('common.createTime'), width: 170 },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      render: (row) => {
        const locked = row.id === PROTECTED_ID
        const lockHint = locked ? t('accounts.protected') : undefined
        return (
          <span className="row-actions">
            <button type="button" className="btn btn--text btn--small" onClick={() => actions.onDetail(row)}>
              {t('common.detail')}
            </button>
            <button type="button" className="btn btn--text btn--small" disabled={locked} title={lockHint} onClick={() => actions.onEdit(row)}>
              {t('common.edit')}
            </button>
            <button
              type="button"
              className="btn btn--text btn--danger btn--small"
              disabled={locked}
              title={lockHint}
              onClick={() => actions.onDelete(row)}
            >
              {t('common.delete')}
            </button>
            <button type="button" className="btn btn--text btn--small" onClick={() => actions.onLog(row)}>
              {t('common.log')}
            </button>
          </span>
        )
      },
    },
  ]
}
