import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { storageKeys } from '@/config/storage-keys'
import { useUrlFilters } from '@/lib/use-url-filters'
import { DASHBOARD, type DashboardQuery } from '../api'
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

/**
 * The dashboard's filters: in the URL query under the call's own names (as every list screen
 * keeps its filters), else what the last search remembered, else the current month by week.
 * `search` puts a query in the URL and remembers its media, time grouping and dates; `reset`
 * is the spec's reload: the URL emptied, the remembered choice back, every answer asked again.
 * `generation` changes on each reset, so the toolbar can start over from the shown query.
 */
export function useDashboardFilters() {
  const client = useQueryClient()
  // The dashboard has no pages: page and limit stay at their defaults and out of the URL.
  const { filters, setFilters } = useUrlFilters(FILTER_KEYS, 1)
  const [generation, setGeneration] = useState(0)
  const query = useMemo(() => {
    const url: UrlValues = Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k]]))
    return resolveQuery(url, readRemembered(readStorage(), new Date()))
    // `generation` re-reads storage after a reset even when the URL was already empty.
  }, [filters, generation])

  const search = useCallback(
    (next: DashboardQuery) => {
      writeStorage(next)
      setFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k]])))
    },
    [setFilters],
  )

  const reset = useCallback(() => {
    setFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))
    setGeneration((g) => g + 1)
    void client.invalidateQueries({ queryKey: [DASHBOARD] })
  }, [client, setFilters])

  return { query, search, reset, generation }
}
