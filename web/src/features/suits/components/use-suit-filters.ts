import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { SuitFilters } from '../api/get-suits'

/** The spec's page size for suits (§9). */
export const PAGE_SIZE = 10

export const FILTER_KEYS = [
  'mediaIdi',
  'brandIdi',
  'suitName',
  'secondsGt',
  'secondslt',
  'suitTimeGt',
  'suitTimeLt',
  'updatetimeGt',
  'updatetimeLt',
  'createtimeGt',
  'createtimelt',
] as const

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query, so a reload or a shared link restores them. */
export function useSuitFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<SuitFilters>(() => {
    const f: SuitFilters = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || PAGE_SIZE,
    }
    for (const k of FILTER_KEYS) f[k] = params.get(k) || undefined
    return f
  }, [params])
  const setFilters = useCallback(
    (next: Partial<SuitFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === PAGE_SIZE)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
