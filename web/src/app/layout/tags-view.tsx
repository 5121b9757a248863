import { ContextMenu } from 'radix-ui'
import { useEffect, useRef } from 'react'
import { DropdownMenu, MenuContent, MenuItem } from '@/components/ui/dropdown-menu'
import { useTranslation } from '@/lib/i18n'
import { Link, useLocation } from '@/lib/router'
import { useStore } from '@/lib/store'
import { Icon } from './icons'
import { tagsStore, type Tag } from './tags-store'
import { useTagActions } from './use-tag-actions'
import './tags-view.css'

type Action = { key: 'refresh' | 'close' | 'closeOthers' | 'closeAll'; disabled?: boolean; run: () => void }

function useActionsFor() {
  const actions = useTagActions()
  return (tag: Tag): Action[] => [
    { key: 'refresh', run: () => actions.refresh(tag) },
    { key: 'close', disabled: tag.affix, run: () => actions.close(tag) },
    { key: 'closeOthers', run: () => actions.closeOthers(tag) },
    { key: 'closeAll', run: () => actions.closeAll() },
  ]
}

/** One tab per visited page; right-click (or the menu at the end) for 刷新 / 关闭 / 关闭其他 / 关闭所有. */
export function TagsView() {
  const { t } = useTranslation('shell')
  const tags = useStore(tagsStore)
  const { pathname } = useLocation()
  const actionsFor = useActionsFor()
  const { close } = useTagActions()
  const active = tags.find((tag) => tag.path === pathname)
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    list.current?.querySelector('.is-active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [pathname, tags.length])

  return (
    <div className="tags-view">
      <ul ref={list} className="tags-view__list" aria-label={t('tags')}>
        {tags.map((tag) => {
          const title = t(`routes:${tag.title}`)
          const isActive = tag.path === pathname
          return (
            <ContextMenu.Root key={tag.path}>
              <ContextMenu.Trigger asChild>
                <li className={`tags-view__item${isActive ? ' is-active' : ''}`} data-path={tag.path}>
                  <Link
                    to={tag.fullPath}
                    aria-current={isActive ? 'page' : undefined}
                    onAuxClick={(e) => {
                      // Middle click closes, as in browsers.
                      if (e.button !== 1) return
                      e.preventDefault()
                      close(tag)
                    }}
                  >
                    {title}
                  </Link>
                  {!tag.affix && (
                    <button type="button" className="tags-view__close" aria-label={t('closeTag', { title })} onClick={() => close(tag)}>
                      <Icon name="close" size={12} />
                    </button>
                  )}
                </li>
              </ContextMenu.Trigger>
              <ContextMenu.Portal>
                <ContextMenu.Content className="menu-content">
                  {actionsFor(tag).map((a) => (
                    <ContextMenu.Item key={a.key} className="menu-item" disabled={a.disabled} onSelect={a.run}>
                      {t(a.key)}
                    </ContextMenu.Item>
                  ))}
                </ContextMenu.Content>
              </ContextMenu.Portal>
            </ContextMenu.Root>
          )
        })}
      </ul>
      {active && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="icon-btn tags-view__more" aria-label={t('tagActions')}>
            <Icon name="more" size={16} />
          </DropdownMenu.Trigger>
          <MenuContent align="end">
            {actionsFor(active).map((a) => (
              <MenuItem key={a.key} disabled={a.disabled} onSelect={a.run}>
                {t(a.key)}
              </MenuItem>
            ))}
          </MenuContent>
        </DropdownMenu.Root>
      )}
    </div>
  )
}
