import { DropdownMenu, MenuContent, MenuItem, MenuSeparator } from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { logout } from '@/features/auth/api/logout'
import { loginPath } from '@/lib/hash-location'
import { useTranslation } from '@/lib/i18n'
import { queryClient } from '@/lib/query-client'
import { useLocation, useNavigate } from '@/lib/router'
import { clearSession, useSession } from '@/lib/session'
import { Icon } from './icons'

export function AvatarMenu() {
  const { t } = useTranslation('shell')
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const name = session?.name ?? ''

  async function signOut() {
    const back = loginPath(location.pathname + location.search)
    // Sign out locally even when the server call fails: the token is useless to the user now.
    await logout().catch(() => undefined)
    clearSession()
    queryClient.clear()
    navigate(back, { replace: true })
  }

  return (
    <DropdownMenu.Root>
      {/* Named by its content: an aria-label must contain all the visible text, the initial
          included (WCAG 2.5.3, axe label-content-name-mismatch). */}
      <DropdownMenu.Trigger className="avatar-menu">
        <span className="avatar-menu__avatar" aria-hidden="true">
          {name.slice(0, 1) || '?'}
        </span>
        <span className="avatar-menu__name" data-testid="current-user">
          {name}
        </span>
        <span className="visually-hidden"> {t('userMenu')}</span>
        <Icon name="chevronDown" size={14} />
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <MenuItem onSelect={() => navigate(paths.profile)}>
          <Icon name="user" size={16} />
          {t('profile')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={signOut}>
          <Icon name="logout" size={16} />
          {t('logout')}
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  )
}
