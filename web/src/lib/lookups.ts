import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, type CallOptions } from '@/lib/api-client'
import type { CallArgs, GetCall } from '@/types/call'

/** The key prefix every master-data lookup is cached under. */
export const LOOKUP = 'lookup'

/**
 * A master-data lookup (the brands, media, groups, products, tapes, suits or periods a select
 * offers) cached under `['lookup', call, args, opts]`. Every feature's lookup shares the prefix,
 * so one change to master data refreshes them all (`invalidateLookups`), and the call's
 * arguments and options are part of the key: two screens asking the same call differently
 * (with and without the loading mask) keep their own answers.
 */
export function lookupQueryOptions<C extends GetCall>(call: C, args: CallArgs<C> = {}, opts: CallOptions = {}) {
  return queryOptions({
    queryKey: [LOOKUP, call, args, opts] as const,
    queryFn: () => api.get(call, args, opts),
  })
}

/** After a change to master data: every screen's lookups are stale (the open ones refetch). */
export function invalidateLookups(client: QueryClient) {
  return client.invalidateQueries({ queryKey: [LOOKUP] })
}
