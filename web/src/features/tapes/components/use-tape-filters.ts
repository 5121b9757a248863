import { useUrlFilters } from '@/lib/use-url-filters'
import type { TapeFilters } from '../api/get-tapes'

/** The spec's page size for tapes. */
export const TAPE_PAGE_SIZE = 10

export const FILTER_KEYS = [
  'brandIdi', 'mediaIdi', 'productIdi', 'cycle', 'customerVersionName', 'mediaFileName', 'mediaTapeNumber', 'customerTitle',
  'secondsGt', 'secondslt', 'updatetimeGt', 'updatetimeLt', 'createtimeGt', 'createtimelt',
] as const satisfies readonly (keyof TapeFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useTapeFilters() {
  return useUrlFilters(FILTER_KEYS, TAPE_PAGE_SIZE)
}
