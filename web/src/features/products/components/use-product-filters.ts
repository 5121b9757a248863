import { useUrlFilters } from '@/lib/use-url-filters'
import type { ProductFilters } from '../api/get-products'

/** The spec's page size for products. */
export const PRODUCT_PAGE_SIZE = 10

export const FILTER_KEYS = [
  'brandIdi', 'productNamei', 'secondsGt', 'secondslt', 'audienceCityGroupIdi',
  'updatetimeGt', 'updatetimeLt', 'createtimeGt', 'createtimelt',
] as const satisfies readonly (keyof ProductFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useProductFilters() {
  return useUrlFilters(FILTER_KEYS, PRODUCT_PAGE_SIZE)
}
