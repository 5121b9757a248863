import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ProductFilters } from '../api/get-products'

/** The spec's page size for products. */
export const PRODUCT_PAGE_SIZE = 10

export const FILTER_KEYS = [
  'brandIdi', 'productNamei', 'secondsGt', 'secondslt', 'audienceCityGroupIdi',
  'updatetimeGt', 'updatetimeLt', 'createtimeGt', 'createtimelt',
] as const

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useProductFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo<ProductFilters>(() => {
    const f: ProductFilters = {
      page: Math.max(1, Number(params.get('page')) || 1),
      limit: Number(params.get('limit')) || PRODUCT_PAGE_SIZE,
    }
    for (const k of FILTER_KEYS) f[k] = params.get(k) || undefined
    return f
  }, [params])
  const setFilters = useCallback(
    (next: Partial<ProductFilters>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === PRODUCT_PAGE_SIZE)) merged.delete(k)
          else merged.set(k, String(v))
        }
        return merged
      }),
    [setParams],
  )
  return { filters, setFilters }
}
