import type { QueryClient } from '@tanstack/react-query'
import { invalidateLookups } from '@/lib/lookups'
import { productsQueryOptions } from './get-products'

/** Products are master data the orders and tapes screens pick from: a change refreshes the list and every lookup. */
export function invalidateProducts(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: productsQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}
