import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ViewingFilters } from '../api/get-online-viewings'

/** Spec §9: network viewing lists 30 a page. */
export const VIEWING_PAGE_SIZE = 30
export const FILTER_KEYS = [
  'onlineViewingName',
  'onlineViewingTimeGt',
  'onlineViewingTimeLt',
  'viewingGt',
  'viewingLt',
  'rankingGt',
  'rankingLt',
  'mediaIdi',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useViewingFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<ViewingFilters>(() => {
    const f: ViewingFilters = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || VIEWING_PAGE_SIZE,
    }
    for (const k of FILTER_KEYS) f[k] = params.get(k) || undefined
    return f
  }, [params])
  const setFilters = useCallback(
    (next: Partial<ViewingFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === VIEWING_PAGE_SIZE)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
