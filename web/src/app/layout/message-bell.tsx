import { useTranslation } from 'react-i18next'
import { DropdownMenu, MenuContent } from '@/components/ui/dropdown-menu'
import { Icon } from './icons'

/** Placeholder until the messages calls exist: no unread badge, 暂无消息. */
export function MessageBell() {
  const { t } = useTranslation('shell')
  const unread = 0
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-btn message-bell" aria-label={t('messages')}>
        <Icon name="bell" />
        {unread > 0 && <span className="message-bell__badge">{unread}</span>}
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="menu-content message-bell__panel">
        <DropdownMenu.Label className="message-bell__empty">{t('noMessages')}</DropdownMenu.Label>
      </MenuContent>
    </DropdownMenu.Root>
  )
}
