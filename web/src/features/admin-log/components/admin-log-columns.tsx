import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { LogEntry } from '../api/get-admin-logs'

export function adminLogColumns(t: TFunction<'admin'>, onDetail: (row: LogEntry) => void): Column<LogEntry>[] {
  return [
    { key: 'id', title: t('log.id'), width: 80 },
    { key: 'adminName', title: t('log.adminName'), width: 140 },
    { key: 'title', title: t('log.logTitle') },
    { key: 'url', title: t('log.url') },
    { key: 'ip', title: t('log.ip'), width: 140 },
    { key: 'createTime', title: t('log.createTime'), width: 170 },
    {
      key: 'detail',
      title: t('log.detail'),
      width: 90,
      render: (row) => (
        <button type="button" className="btn btn--text btn--small" onClick={() => onDetail(row)}>
          {t('log.detail')}
        </button>
      ),
    },
  ]
}
