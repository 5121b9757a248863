import { useQueryClient } from '@tanstack/react-query'
import { Popover } from 'radix-ui'
import { notify, toast } from '@/components/ui/toast-store'
import { messagesQueryOptions, useMessages, type MessagePage } from '@/features/messages/api/get-messages'
import { useMarkMessagesRead } from '@/features/messages/api/mark-messages-read'
import { useTranslation } from '@/lib/i18n'
import { useRealtimeEvent } from '@/lib/realtime-provider'
import { Icon } from './icons'

/**
 * The navbar bell: the unread badge, the newest messages with 标为已读 each and 全部已读 while any
 * is unread. A pushed `user` message shows a notification (an error one stays until closed, others
 * leave by themselves) and raises the badge at once; the list then refreshes from the server.
 */
export function MessageBell() {
  const { t } = useTranslation('shell')
  const client = useQueryClient()
  const messages = useMessages()
  const mark = useMarkMessagesRead()
  const unread = messages.data?.unread ?? 0
  const list = messages.data?.data ?? []
  const key = messagesQueryOptions().queryKey

  useRealtimeEvent('user', (m) => {
    // A failure (a job that failed) stays until closed; anything else leaves by itself.
    const kind = m.level === 'error' || m.level === 'warning' ? m.level : 'info'
    notify({ kind, title: t('newMessage'), message: String(m.data ?? '') })
    const added = Number(m.num) || 0
    client.setQueryData<MessagePage>(key, (old) => old && { ...old, unread: old.unread + added })
    void client.invalidateQueries({ queryKey: key })
  })

  const markAll = () => mark.mutate('all', { onSuccess: () => toast.success(t('markedAllRead')) })

  return (
    <Popover.Root onOpenChange={(open) => open && void messages.refetch()}>
      {/* Named by hidden text rather than aria-label: axe wants a label to contain the badge's
          visible count as a word, which the Chinese label's full-width brackets hide. */}
      <Popover.Trigger className="icon-btn message-bell">
        <span className="visually-hidden">{unread > 0 ? t('messagesUnread', { count: unread }) : t('messages')}</span>
        <Icon name="bell" />
        {unread > 0 && (
          <span className="message-bell__badge" aria-hidden="true" data-testid="unread-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="menu-content message-bell__panel" align="end" sideOffset={6} collisionPadding={8} aria-label={t('messages')}>
          <div className="message-bell__head">
            <strong>{t('messages')}</strong>
            {unread > 0 && (
              <button type="button" className="btn btn--text btn--small" disabled={mark.isPending} onClick={markAll}>
                {t('markAllRead')}
              </button>
            )}
          </div>
          {list.length === 0 ? (
            <p className="message-bell__empty">{messages.isPending ? t('loadingMessages') : t('noMessages')}</p>
          ) : (
            <ul className="message-bell__list">
              {list.map((m) => {
                const isUnread = m.status === '1'
                return (
                  <li key={m.id} className={`message-bell__item${isUnread ? ' message-bell__item--unread' : ''}`}>
                    <p className="message-bell__content">{m.content}</p>
                    <div className="message-bell__meta">
                      <time>{m.createTime}</time>
                      <span className={`tag ${isUnread ? 'tag--danger' : 'tag--info'}`}>{isUnread ? t('unread') : t('read')}</span>
                      {isUnread && (
                        <button
                          type="button"
                          className="btn btn--text btn--small message-bell__read"
                          disabled={mark.isPending}
                          aria-label={t('markReadOf', { content: m.content })}
                          onClick={() => mark.mutate({ id: m.id })}
                        >
                          {t('markRead')}
                        </button>
                      )}
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
          {(messages.data?.total ?? 0) > list.length && <p className="message-bell__more">{t('newestOnly', { count: list.length })}</p>}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
