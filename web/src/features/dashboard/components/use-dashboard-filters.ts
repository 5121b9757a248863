import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { storageKeys } from '@/config/storage-keys'
import { useUrlFilters } from '@/lib/use-url-filters'
import { DASHBOARD, dashboardIndexQueryOptions, type DashboardQuery } from '../api'
import { FILTER_KEYS, readRemembered, rememberedOf, resolveQuery, type UrlValues } from './filters'

function readStorage(): string | null {
  try {
    return localStorage.getItem(storageKeys.dashboard)
  } catch {
    return null
  }
}

function writeStorage(query: DashboardQuery) {
  try {
    localStorage.setItem(storageKeys.dashboard, JSON.stringify(rememberedOf(query)))
  } catch {
    // Not kept; the search still applies to this visit.
  }
}

const sameQuery = (a: DashboardQuery, b: DashboardQuery) => FILTER_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''))

/**
 * The dashboard's filters: in the URL query under the call's own names (as every list screen
 * keeps its filters), else what the last search remembered, else the current month by week.
 * `search` puts a query in the URL (the same query again asks the server again); the page
 * remembers its media, time grouping and dates once it is answered, so a refused range is not
 * sent again on the next visit. `reset` is the spec's reload: the URL emptied, the remembered
 * choice back, every answer asked again.
 * `generation` changes on each reset, so the toolbar can start over from the shown query.
 */
export function useDashboardFilters() {
  const client = useQueryClient()
  // The dashboard has no pages: page and limit stay at their defaults and out of the URL.
  const { filters, setFilters } = useUrlFilters(FILTER_KEYS, 1)
  const [generation, setGeneration] = useState(0)
  // The last search, until the server has answered it (then it is remembered).
  const [pending, setPending] = useState<DashboardQuery | null>(null)
  const query = useMemo(() => {
    const url: UrlValues = Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k]]))
    return resolveQuery(url, readRemembered(readStorage(), new Date()))
    // `generation` re-reads storage after a reset even when the URL was already empty.
  }, [filters, generation])

  const search = useCallback(
    (next: DashboardQuery) => {
      setPending(next)
      if (sameQuery(next, query)) {
        void client.refetchQueries({ queryKey: dashboardIndexQueryOptions(next).queryKey, exact: true })
        // The per-group view of the same product, when it is the one shown.
        void client.refetchQueries({ queryKey: [DASHBOARD, 'dashboardoneBIndex'], type: 'active' })
      } else setFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k]])))
    },
    [client, query, setFilters],
  )

  const reset = useCallback(() => {
    setFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))
    setGeneration((g) => g + 1)
    // After the toolbar has started over: refreshed then are the lists it shows, not those of
    // the draft it discarded (another media's products, groups of products no longer chosen).
    setTimeout(() => void client.invalidateQueries({ queryKey: [DASHBOARD] }), 0)
  }, [client, setFilters])

  /** The page's word that `shown` was answered: kept for the next visit when it was searched. */
  const answered = useCallback(
    (shown: DashboardQuery) => {
      if (!pending || !sameQuery(pending, shown)) return
      writeStorage(shown)
      setPending(null)
    },
    [pending],
  )

  return { query, search, reset, generation, answered }
}
