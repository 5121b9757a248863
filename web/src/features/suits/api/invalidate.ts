import type { QueryClient } from '@tanstack/react-query'
import { invalidateLookups } from '@/lib/lookups'
import { suitsQueryOptions } from './get-suits'

/** Suits are master data the order dialog picks from: a change refreshes the list and every lookup. */
export function invalidateSuits(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: suitsQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}
