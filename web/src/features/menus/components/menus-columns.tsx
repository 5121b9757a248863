import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { Menu } from '../api/get-menus'

export type MenuActions = { onEdit: (menu: Menu) => void; onDelete: (menu: Menu) => void }

export function menuColumns(t: TFunction<'admin'>, actions: MenuActions): Column<Menu>[] {
  return [
    { key: 'id', title: t('menus.id'), width: 70 },
    {
      key: 'title',
      title: t('menus.menuTitle'),
      render: (m) => (
        <span className="menu-title">
          {m.title}
          {m.builtin && <span className="tag tag--info">{t('menus.builtin')}</span>}
        </span>
      ),
    },
    { key: 'name', title: t('menus.name') },
    {
      key: 'type',
      title: t('menus.type'),
      width: 80,
      render: (m) => (m.type === 1 ? <span className="tag">{t('menus.typeMenu')}</span> : <span className="tag tag--warning">{t('menus.typeNode')}</span>),
    },
    { key: 'weight', title: t('menus.weight'), width: 70 },
    {
      key: 'status',
      title: t('common.status'),
      width: 80,
      render: (m) =>
        m.status === 1 ? <span className="tag tag--success">{t('common.normal')}</span> : <span className="tag tag--danger">{t('common.disabled')}</span>,
    },
    { key: 'createTime', title: t('common.createTime'), width: 170 },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (m) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(m)}>
            {t('common.edit')}
          </button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(m)}>
            {t('common.delete')}
          </button>
        </span>
      ),
    },
  ]
}
