import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { OnlineViewing } from '../api/get-online-viewings'

export type ViewingActions = { onEdit: (row: OnlineViewing) => void; onDelete: (row: OnlineViewing) => void }

export function viewingColumns(t: TFunction<'network-viewing'>, actions: ViewingActions): Column<OnlineViewing>[] {
  return [
    { key: 'onlineViewingName', title: t('name') },
    { key: 'onlineViewingTime', title: t('time'), width: 170 },
    { key: 'viewing', title: t('viewing'), width: 100, align: 'right' },
    { key: 'media', title: t('media'), width: 140, render: (row) => row.media.mediaName },
    { key: 'ranking', title: t('ranking'), width: 80, align: 'right' },
    { key: 'updateTime', title: t('updateTime'), width: 170 },
    { key: 'createTime', title: t('createTime'), width: 170 },
    {
      key: 'actions',
      title: t('actions'),
      width: 140,
      render: (row) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(row)}>
            {t('edit')}
          </button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(row)}>
            {t('delete')}
          </button>
        </span>
      ),
    },
  ]
}
