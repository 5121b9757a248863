import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { LogFilters } from '../api/get-admin-logs'

/** The spec's page size for the admin log. */
export const LOG_PAGE_SIZE = 10
const TEXT_KEYS = ['adminName', 'title', 'url', 'createTimeAdd', 'createTimeEnd'] as const

/** Filters and page live in the URL query, so a reload restores them. */
export function useLogFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<LogFilters>(() => {
    const f: LogFilters = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || LOG_PAGE_SIZE,
    }
    for (const k of TEXT_KEYS) f[k] = params.get(k) || undefined
    return f
  }, [params])
  const setFilters = useCallback(
    (next: Partial<LogFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === LOG_PAGE_SIZE)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
