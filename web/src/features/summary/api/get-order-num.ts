import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallArgs } from '@/types/call'
import { orderNumKey } from './keys'

/** orderNum's arguments: the order, the period and the suit entry (`suitId`, `suitXId`). */
export type OrderNumArgs = CallArgs<'orderNum'> & { orderId: number }

/** orderNum: what a suit entry still has to schedule and how far it is overrun. */
export function getOrderNum(args: OrderNumArgs) {
  return api.get('orderNum', args, { mask: false })
}

export function orderNumQueryOptions(args: OrderNumArgs) {
  return queryOptions({ queryKey: [...orderNumKey(args.orderId), args], queryFn: () => getOrderNum(args) })
}

/** Nothing asked while `args` is null (no period chosen yet). */
export function useOrderNum(args: OrderNumArgs | null) {
  return useQuery({ ...orderNumQueryOptions(args ?? { orderId: 0 }), enabled: args !== null })
}
