import { useUrlFilters } from '@/lib/use-url-filters'
import type { CustomerFilters } from '../api/get-customers'

/** docs/screens.md "Constants": customer data pages by 100 … */
export const CUSTOMER_PAGE_SIZE = 100
/** … and 重置 goes back to 10 a page (docs/screens.md "Constants": follow it). */
export const RESET_PAGE_SIZE = 10
/** Up to 1000 rows a page: the table renders only the rows in view. */
export const CUSTOMER_PAGE_SIZES = [10, 20, 30, 50, 100, 500, 1000]

export const FILTER_KEYS = [
  'brandId', 'mediaId', 'category', 'source', 'belongingTo', 'title', 'addTime', 'endTime',
] as const satisfies readonly (keyof CustomerFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useCustomerFilters() {
  return useUrlFilters(FILTER_KEYS, CUSTOMER_PAGE_SIZE)
}
