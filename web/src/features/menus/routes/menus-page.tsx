import { useMemo, useState, type Key } from 'react'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { useDeleteMenu } from '../api/delete-menu'
import { useMenus, type Menu } from '../api/get-menus'
import { MenuFormDialog } from '../components/menu-form-dialog'
import { menuColumns } from '../components/menus-columns'
import '../components/menus.css'

type Editing = { menu: Menu | null } | null

const hasChildren = (menu: Menu) => menu.children_list.length > 0

/** /menu: parent menus, each expanding to a table of its children. */
export default function MenusPage() {
  const { t } = useTranslation('admin')
  const menus = useMenus()
  const { mutate: removeMenu } = useDeleteMenu()
  const [editing, setEditing] = useState<Editing>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set())
  const parents = useMemo(() => menus.data ?? [], [menus.data])

  const columns = useMemo(
    () =>
      menuColumns(t, {
        onEdit: (menu) => setEditing({ menu }),
        onDelete: async (menu) => {
          if (!(await confirmDelete(t('menus.deleteWhat', { name: menu.title })))) return
          removeMenu(menu.id, { onSuccess: () => toast.success(t('common.deleted')) })
        },
      }),
    [t, removeMenu],
  )

  const toggle = (key: Key) =>
    setExpanded((s) => {
      const next = new Set(s)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const withChildren = parents.filter(hasChildren)
  const allOpen = withChildren.length > 0 && withChildren.every((p) => expanded.has(p.id))
  const toggleAll = () => setExpanded(allOpen ? new Set() : new Set(withChildren.map((p) => p.id)))

  return (
    <div className="page">
      <div className="card">
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => menus.refetch()}>{t('common.refresh')}</button>
          <button type="button" className="btn btn--success" onClick={() => setEditing({ menu: null })}>{t('common.add')}</button>
          <button type="button" className="btn btn--primary" aria-pressed={allOpen} onClick={toggleAll}>{t('menus.toggleAll')}</button>
        </div>
      </div>
      <div className="card">
        <DataTable
          columns={columns}
          data={menus.data}
          loading={menus.isFetching}
          label={t('menus.title')}
          expandable={{
            expanded,
            onToggle: toggle,
            rowExpandable: hasChildren,
            render: (parent) => (
              <div className="menus-children">
                <DataTable
                  columns={columns}
                  data={parent.children_list}
                  label={`${parent.title} ${t('menus.children')}`}
                />
              </div>
            ),
          }}
        />
      </div>
      <MenuFormDialog open={editing !== null} menu={editing?.menu ?? null} parents={parents} onClose={() => setEditing(null)} />
    </div>
  )
}
