import { useMemo, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useNavigate } from '@/lib/router'
import { flattenRoutes } from '../route-access'
import type { AppRoute } from '../route-table'
import { fuzzySearch, type FuzzyKey } from './fuzzy-search'
import { Icon } from './icons'
import { useAllowedRoutes } from './use-shell'

export type PageItem = { path: string; title: string }
type Item = PageItem

/** The search's settings, fuse.js's options as the header used them (fuzzy-search.diff.test.ts checks them against fuse.js). */
export const PAGE_SEARCH = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ] as FuzzyKey<Item>[],
  threshold: 0.4,
  limit: 8,
}

/** The pages a user may open as the search sees them: the path, and the titles from the outermost group down. */
export function pageItems(routes: readonly AppRoute[], i18n: { t: (key: string) => string }): PageItem[] {
  return flattenRoutes(routes)
    .filter(({ route }) => !route.hidden)
    .map(({ route, parents }) => ({
      path: route.path,
      title: [...parents, route].map((r) => i18n.t(`routes:${r.title}`)).join(' > '),
    }))
}

/** Fuzzy search over the pages the user may open (fuse.js's scoring, threshold 0.4); Enter goes there. */
export function HeaderSearch() {
  const { t, i18n } = useTranslation('shell')
  const navigate = useNavigate()
  const routes = useAllowedRoutes()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)

  // i18n.t follows the language; the language in the deps recomputes the titles when it changes.
  const items = useMemo(() => pageItems(routes, i18n), [routes, i18n, i18n.language])

  const q = query.trim()
  const results = useMemo(() => (q ? fuzzySearch(items, q, PAGE_SEARCH.keys, PAGE_SEARCH.threshold, PAGE_SEARCH.limit) : []), [items, q])

  function close() {
    setOpen(false)
    setQuery('')
    setActive(0)
  }

  function go(item: Item | undefined) {
    if (!item) return
    close()
    navigate(item.path)
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (results.length ? (a + step + results.length) % results.length : 0))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      go(results[active] ?? results[0])
    } else if (e.key === 'Escape') {
      e.stopPropagation()
      close()
    }
  }

  return (
    <div className={`header-search${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('searchMenu')}
        aria-expanded={open}
        // While open, a press on the icon must not blur the box first (that would reopen it).
        onMouseDown={(e) => open && e.preventDefault()}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="search" />
      </button>
      {open && (
        <div className="header-search__box">
          <input
            autoFocus
            className="input header-search__input"
            role="combobox"
            aria-label={t('searchPlaceholder')}
            placeholder={t('searchPlaceholder')}
            aria-expanded={results.length > 0}
            aria-controls="header-search-list"
            aria-autocomplete="list"
            aria-activedescendant={results.length ? `header-search-${active}` : undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          {query.trim() && (
            <ul id="header-search-list" className="menu-content header-search__list" role="listbox">
              {results.map((r, i) => (
                <li
                  key={r.path}
                  id={`header-search-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className="menu-item"
                  data-highlighted={i === active ? '' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(r)}
                >
                  {r.title}
                </li>
              ))}
              {!results.length && <li className="menu-label">{t('searchEmpty')}</li>}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
