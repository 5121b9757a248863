import { useCallback, useEffect, useMemo } from 'react'
import { useSearchParams } from '@/lib/router'

/** A list's state as the URL keeps it: the page, its size and each filter as text. */
export type UrlFilters<K extends string> = { page: number; limit: number } & { [P in K]?: string }

/** A change to that state; `undefined` or '' drops a filter, numbers are written as text. */
export type UrlFiltersPatch<K extends string> = { page?: number; limit?: number } & { [P in K]?: string | number }

/**
 * A list's filters and page live in the URL query, so a reload or a shared link restores them.
 * `page` is at least 1 (default 1), `limit` defaults to `pageSize`; a filter missing or empty is
 * `undefined`. Setting drops a key that is empty, `page=1` or `limit=pageSize`, and keeps every
 * other query key. `keys` must be a stable (module-level) list.
 */
export function useUrlFilters<K extends string>(keys: readonly K[], pageSize: number) {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => {
    const f = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || pageSize,
    } as UrlFilters<K>
    for (const k of keys) (f as Record<K, string | undefined>)[k] = params.get(k) || undefined
    return f
  }, [params, keys, pageSize])

  const setFilters = useCallback(
    (next: UrlFiltersPatch<K>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next) as [string, string | number | undefined][]) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === pageSize)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams, pageSize],
  )
  return { filters, setFilters }
}

/**
 * Deleting the last row of the last page leaves an empty page: step back to the last one.
 * `setPage` must be stable (a `setFilters`).
 */
export function useKeepPageInRange(
  total: number | undefined,
  state: { page: number; limit: number },
  setPage: (patch: { page: number }) => void,
) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / state.limit))
  useEffect(() => {
    if (total !== undefined && state.page > pages) setPage({ page: pages })
  }, [total, pages, state.page, setPage])
}
