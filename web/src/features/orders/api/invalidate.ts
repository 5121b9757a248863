import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { orderLogsQueryOptions } from './get-order-logs'
import { ordersQueryOptions } from './get-orders'

/**
 * After anything done to an order: the summary list (its status and figures may follow) and
 * its log, plus the given queries of the dialog that did it.
 */
export function invalidateOrder(client: QueryClient, orderId: number, ...more: QueryKey[]) {
  const keys = [ordersQueryOptions().queryKey.slice(0, 1), orderLogsQueryOptions(orderId).queryKey, ...more]
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })))
}
