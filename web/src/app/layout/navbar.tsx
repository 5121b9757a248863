import { useTranslation } from '@/lib/i18n'
import { useStore } from '@/lib/store'
import { setSidebarOpened, sidebarStore } from '../preferences'
import { AvatarMenu } from './avatar-menu'
import { Breadcrumb } from './breadcrumb'
import { FullscreenButton } from './fullscreen-button'
import { HeaderSearch } from './header-search'
import { Icon } from './icons'
import { LangSelect } from './lang-select'
import { MessageBell } from './message-bell'
import { SettingsPanel } from './settings-panel'
import { SizeSelect } from './size-select'
import { ThemeToggle } from './theme-toggle'
import { mobileMenuStore, useIsMobile } from './use-shell'
import './navbar.css'

export function Navbar() {
  const { t } = useTranslation('shell')
  const mobile = useIsMobile()
  const desktopOpened = useStore(sidebarStore)
  const mobileOpen = useStore(mobileMenuStore)
  const opened = mobile ? mobileOpen : desktopOpened
  const toggle = () => (mobile ? mobileMenuStore.set(!mobileOpen) : setSidebarOpened(!desktopOpened))

  return (
    <header className="navbar">
      <button
        type="button"
        className="icon-btn navbar__hamburger"
        aria-label={opened ? t('closeSidebar') : t('openSidebar')}
        aria-expanded={opened}
        onClick={toggle}
      >
        <Icon name="hamburger" size={20} />
      </button>
      <Breadcrumb />
      <div className="navbar__right">
        <HeaderSearch />
        {!mobile && <FullscreenButton />}
        {!mobile && <SizeSelect />}
        <LangSelect />
        <ThemeToggle />
        <MessageBell />
        <SettingsPanel />
        <AvatarMenu />
      </div>
    </header>
  )
}
