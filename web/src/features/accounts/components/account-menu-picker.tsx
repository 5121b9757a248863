import { useTranslation } from '@/lib/i18n'
import { ALL_RULES } from '../api/create-account'
import type { MenuNode } from '../api/get-account-menus'
import './account-menu-picker.css'

type Props = {
  menus: MenuNode[]
  value: string[]
  onChange: (value: string[]) => void
  onBlur?: () => void
}

/**
 * The menu checkboxes of the account dialog: 全部权限 (`*`), each top-level menu and its
 * children. A ticked parent grants its children, so they show ticked and locked.
 */
export function AccountMenuPicker({ menus, value, onChange, onBlur }: Props) {
  const { t } = useTranslation('admin')
  const all = value.includes(ALL_RULES)
  const has = (id: number) => value.includes(String(id))

  const toggleParent = (menu: MenuNode, on: boolean) => {
    const family = new Set([menu.id, ...menu.children_list.map((c) => c.id)].map(String))
    const rest = value.filter((v) => !family.has(v))
    onChange(on ? [...rest, String(menu.id)] : rest)
  }
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, String(id)] : value.filter((v) => v !== String(id)))

  const parentBox = (menu: MenuNode) => (
    <label key={menu.id} className="choice menu-picker__parent">
      <input type="checkbox" checked={all || has(menu.id)} disabled={all} onChange={(e) => toggleParent(menu, e.target.checked)} />
      {menu.title}
    </label>
  )

  return (
    <div className="menu-picker" onBlur={onBlur}>
      <label className="choice menu-picker__all">
        <input type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? [ALL_RULES] : [])} />
        {t('accounts.allRulesOption')}
      </label>
      <div className="menu-picker__leaves">{menus.filter((m) => !m.children_list.length).map((m) => parentBox(m))}</div>
      {menus
        .filter((m) => m.children_list.length > 0)
        .map((menu) => (
          <div key={menu.id} className="menu-picker__group">
            {parentBox(menu)}
            <div className="menu-picker__children">
              {menu.children_list.map((child) => {
                const implied = all || has(menu.id)
                return (
                  <label key={child.id} className="choice" title={implied ? t('accounts.impliedByParent') : undefined}>
                    <input
                      type="checkbox"
                      checked={implied || has(child.id)}
                      disabled={implied}
                      onChange={(e) => toggle(child.id, e.target.checked)}
                    />
                    {child.title}
                  </label>
                )
              })}
            </div>
          </div>
        ))}
    </div>
  )
}
