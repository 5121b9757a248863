import { useUrlFilters } from '@/lib/use-url-filters'
import type { LogFilters } from '../api/get-admin-logs'

/** The spec's page size for the admin log. */
export const LOG_PAGE_SIZE = 10
const TEXT_KEYS = ['adminName', 'title', 'url', 'createTimeAdd', 'createTimeEnd'] as const satisfies readonly (keyof LogFilters)[]

/** Filters and page live in the URL query, so a reload restores them. */
export function useLogFilters() {
  return useUrlFilters(TEXT_KEYS, LOG_PAGE_SIZE)
}
