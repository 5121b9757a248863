import { useUrlFilters } from '@/lib/use-url-filters'
import type { AccountFilters } from '../api/get-accounts'

const DEFAULT_LIMIT = 10
const FILTER_KEYS = ['name', 'account', 'status'] as const satisfies readonly (keyof AccountFilters)[]

/** The list's filters and page live in the URL query, so a reload restores them. */
export function useAccountFilters() {
  return useUrlFilters(FILTER_KEYS, DEFAULT_LIMIT)
}
