import type { QueryClient } from '@tanstack/react-query'
import { invalidateLookups } from '@/lib/lookups'
import { tapesQueryOptions } from './get-tapes'

/** Tapes are master data the order dialogs pick from: a change refreshes the list and every lookup. */
export function invalidateTapes(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: tapesQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}
