import { useUrlFilters } from '@/lib/use-url-filters'
import type { TimePeriodFilters } from '../api/get-time-periods'

/** The spec's page size for the time-period list (docs/screens.md "Constants"); it pages the tree's groups. */
export const PAGE_SIZE = 10

export const FILTER_KEYS = [
  'mediaId',
  'classId',
  'timePeriodName',
  'preBroadcastTimeForma',
  'preBroadcastTimeFormaEnd',
  'updatetimeGt',
  'updatetimeLt',
  'createtimeGt',
  'createtimelt',
] as const satisfies readonly (keyof TimePeriodFilters)[]

export type FilterKey = (typeof FILTER_KEYS)[number]

/** Filters and page live in the URL query, so a reload or a shared link restores them. */
export function useTimePeriodFilters() {
  return useUrlFilters(FILTER_KEYS, PAGE_SIZE)
}
