import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { TapeFilters } from '../api/get-tapes'

/** The spec's page size for tapes. */
export const TAPE_PAGE_SIZE = 10

export const FILTER_KEYS = [
  'brandIdi', 'mediaIdi', 'productIdi', 'cycle', 'customerVersionName', 'mediaFileName', 'mediaTapeNumber', 'customerTitle',
  'secondsGt', 'secondslt', 'updatetimeGt', 'updatetimeLt', 'createtimeGt', 'createtimelt',
] as const

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useTapeFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<TapeFilters>(() => {
    const f: TapeFilters = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || TAPE_PAGE_SIZE,
    }
    for (const k of FILTER_KEYS) f[k] = params.get(k) || undefined
    return f
  }, [params])
  const setFilters = useCallback(
    (next: Partial<TapeFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === TAPE_PAGE_SIZE)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
