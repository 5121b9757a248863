import { useUrlFilters } from '@/lib/use-url-filters'
import type { ViewingFilters } from '../api/get-online-viewings'

/** docs/screens.md "Constants": network viewing lists 30 a page. */
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
] as const satisfies readonly (keyof ViewingFilters)[]
export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query under the call's own names, so a reload restores them. */
export function useViewingFilters() {
  return useUrlFilters(FILTER_KEYS, VIEWING_PAGE_SIZE)
}
