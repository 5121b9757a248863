import { useState } from 'react'
import { DropdownMenu, MenuContent, MenuItem } from '@/components/ui/dropdown-menu'
import { Tooltip } from '@/components/ui/tooltip'
import { useTranslation } from '@/lib/i18n'
import { Link, useLocation } from '@/lib/router'
import type { AppRoute } from '../route-table'
import { Icon } from './icons'

type Props = { route: AppRoute; collapsed: boolean }

// A plain string class (not NavLink's function): Radix's asChild merges class strings.
const linkClass = (active: boolean) => `sidebar-menu__link${active ? ' is-active' : ''}`

export function SidebarItem({ route, collapsed }: Props) {
  const { t } = useTranslation('routes')
  const { pathname } = useLocation()
  const title = t(route.title)
  const icon = route.icon && <Icon name={route.icon} className="sidebar-menu__icon" />

  if (route.children) return <SidebarGroup route={route} collapsed={collapsed} />

  const link = (
    <Link
      to={route.path}
      className={linkClass(pathname === route.path)}
      aria-current={pathname === route.path ? 'page' : undefined}
      aria-label={collapsed ? title : undefined}
    >
      {icon}
      {!collapsed && <span className="sidebar-menu__text">{title}</span>}
    </Link>
  )
  return <li>{collapsed ? <Tooltip content={title} side="right">{link}</Tooltip> : link}</li>
}

/** A submenu (权限管理): expands in place, or pops out to the right when the sidebar is collapsed. */
function SidebarGroup({ route, collapsed }: Props) {
  const { t } = useTranslation('routes')
  const { pathname } = useLocation()
  const children = route.children ?? []
  const hasActive = children.some((c) => c.path === pathname)
  const [expanded, setExpanded] = useState(hasActive)
  const title = t(route.title)
  const icon = route.icon && <Icon name={route.icon} className="sidebar-menu__icon" />
  const id = `submenu-${route.path.replace(/\W/g, '')}`

  if (collapsed) {
    return (
      <li>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={`sidebar-menu__link${hasActive ? ' is-active-parent' : ''}`} aria-label={title}>
            {icon}
          </DropdownMenu.Trigger>
          <MenuContent side="right" align="start">
            {children.map((c) => (
              <MenuItem key={c.path} asChild>
                <Link to={c.path} aria-current={c.path === pathname ? 'page' : undefined}>
                  {t(c.title)}
                </Link>
              </MenuItem>
            ))}
          </MenuContent>
        </DropdownMenu.Root>
      </li>
    )
  }

  const open = expanded || hasActive
  return (
    <li>
      <button
        type="button"
        className={`sidebar-menu__link sidebar-menu__group${hasActive ? ' is-active-parent' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setExpanded(!open)}
      >
        {icon}
        <span className="sidebar-menu__text">{title}</span>
        <Icon name="chevronDown" size={14} className={`sidebar-menu__arrow${open ? ' is-open' : ''}`} />
      </button>
      {open && (
        <ul id={id} className="sidebar-menu sidebar-menu--sub" role="list">
          {children.map((c) => (
            <li key={c.path}>
              <Link to={c.path} className={linkClass(c.path === pathname)} aria-current={c.path === pathname ? 'page' : undefined}>
                {c.icon && <Icon name={c.icon} className="sidebar-menu__icon" size={16} />}
                <span className="sidebar-menu__text">{t(c.title)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
