import type { QueryClient } from '@tanstack/react-query'
import { timePeriodClassesQueryOptions } from './get-time-period-classes'
import { timePeriodsQueryOptions } from './get-time-periods'

/** Periods and classes show in each other's lists: a change to either refreshes both. */
export function invalidateTimePeriods(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: timePeriodsQueryOptions().queryKey.slice(0, 1) }),
    client.invalidateQueries({ queryKey: timePeriodClassesQueryOptions().queryKey.slice(0, 1) }),
  ])
}
