import type { QueryClient } from '@tanstack/react-query'
import { figuresKey, viewingKey } from '@/features/orders/api/evaluation-keys'
import { proposalsQueryOptions } from '@/features/orders/api/get-proposals'
import { invalidateOrder } from '@/features/orders/api/invalidate'
import { gridKey, orderNumKey, orderTimeKey, suitRemainingKey } from './keys'

/**
 * After any write to the order's schedule (the grid's own and every cell dialog's): the grid, the
 * suits' remaining counts, what each suit entry has left (orderNum), the cycle and assessment
 * date, the evaluation's figures (remaining spots and issued GRP follow the cells), the order
 * list (status and figures follow) and the order's log.
 */
export function invalidateSummary(client: QueryClient, orderId: number) {
  return invalidateOrder(
    client, orderId, gridKey(orderId), suitRemainingKey(orderId), orderTimeKey(orderId), orderNumKey(orderId), figuresKey(orderId),
  )
}

/**
 * 刷新汇总: everything the dialog shows — what a write refreshes, and the proposals and the
 * estimates of 汇总 mode. Resolves when the refetches are done (the button's busy state and its
 * toast wait for it).
 */
export function refreshSummary(client: QueryClient, orderId: number) {
  return Promise.all([
    invalidateSummary(client, orderId),
    client.invalidateQueries({ queryKey: proposalsQueryOptions(orderId).queryKey }),
    client.invalidateQueries({ queryKey: viewingKey(orderId) }),
  ])
}
