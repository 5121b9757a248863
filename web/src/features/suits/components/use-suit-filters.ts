import { useUrlFilters } from '@/lib/use-url-filters'
import type { SuitFilters } from '../api/get-suits'

/** The spec's page size for suits (docs/screens.md "Constants"). */
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
] as const satisfies readonly (keyof SuitFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query, so a reload or a shared link restores them. */
export function useSuitFilters() {
  return useUrlFilters(FILTER_KEYS, PAGE_SIZE)
}
