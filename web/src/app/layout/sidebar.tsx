import { useEffect, useRef } from 'react'
import { paths } from '@/config/paths'
import { useTranslation } from '@/lib/i18n'
import { Link } from '@/lib/router'
import { useStore } from '@/lib/store'
import { settingsStore } from '../preferences'
import { SidebarItem } from './sidebar-item'
import { useAllowedRoutes } from './use-shell'
import './sidebar.css'

type Props = { collapsed: boolean; mobile: boolean; open: boolean }

/** The 210 px menu column: logo and title, then the menus the user's roles open. */
export function Sidebar({ collapsed, mobile, open }: Props) {
  const { t } = useTranslation()
  const { sidebarLogo } = useStore(settingsStore)
  const routes = useAllowedRoutes().filter((r) => !r.hidden)
  const ref = useRef<HTMLElement>(null)
  // The mobile drawer takes the focus when it opens, so the keyboard lands in the menu.
  useEffect(() => {
    if (mobile && open) ref.current?.querySelector<HTMLElement>('.sidebar-menu a, .sidebar-menu button')?.focus()
  }, [mobile, open])
  const cls = ['sidebar', collapsed && 'sidebar--collapsed', mobile && 'sidebar--mobile', open && 'sidebar--open']
  return (
    <aside
      ref={ref}
      className={cls.filter(Boolean).join(' ')}
      aria-label={t('shell:mainMenu')}
      // Off-screen on mobile until opened: keep it out of the tab order too.
      inert={mobile && !open ? true : undefined}
    >
      {sidebarLogo && (
        <Link to={paths.root} className="sidebar__logo" title={t('sidebarTitle')}>
          <Logo />
          {!collapsed && <span className="sidebar__title">{t('sidebarTitle')}</span>}
        </Link>
      )}
      <nav className="sidebar__scroll">
        <ul className="sidebar-menu" role="list">
          {routes.map((r) => (
            <SidebarItem key={r.path} route={r} collapsed={collapsed} />
          ))}
        </ul>
      </nav>
    </aside>
  )
}

function Logo() {
  return (
    <svg className="sidebar__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <path d="M8 22V14M14 22V9M20 22v-6M26 22V12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
