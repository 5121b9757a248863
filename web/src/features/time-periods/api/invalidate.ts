import type { QueryClient } from '@tanstack/react-query'
import { invalidateLookups } from '@/lib/lookups'
import { timePeriodsQueryOptions } from './get-time-periods'

/**
 * Periods and classes show in each other's lists, and both are master data other screens pick
 * from (the class filter, a suit's periods): a change to either refreshes the list and every lookup.
 */
export function invalidateTimePeriods(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: timePeriodsQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}
