import { useUrlFilters } from '@/lib/use-url-filters'
import type { OrderFilters } from '../api/get-orders'

/** The spec's page size for orders (docs/screens.md "Constants"). */
export const PAGE_SIZE = 10

export const FILTER_KEYS = [
  'brandId', 'productId', 'mediaId', 'seconds', 'status', 'cycleTime', 'createtimeGt', 'createtimelt', 'month', 'suitName',
] as const satisfies readonly (keyof OrderFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Order statuses 1–7 (docs/evaluation.md "Order status"), labelled under `statuses.<n>`. */
export const ORDER_STATUSES = ['1', '2', '3', '4', '5', '6', '7'] as const

/** Filters and page live in the URL query under the call's own names, so a reload or a shared link restores them. */
export function useOrderFilters() {
  return useUrlFilters(FILTER_KEYS, PAGE_SIZE)
}
