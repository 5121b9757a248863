/*
 * The query keys of the evaluation calls, apart from their fetchers: the schedule's writes
 * (features/summary/api/invalidate.ts) invalidate them, and the evaluation's writes invalidate the schedule's.
 */

/** Every orderSummaryList of the order, whatever the filter. */
export const figuresKey = (orderId: number) => ['orderSummaryList', orderId] as const

/** Every orderViewingList of the order, whatever the filter. */
export const viewingKey = (orderId: number) => ['orderViewingList', orderId] as const

/** Every page of orderCustomerIndex of the order. */
export const customerDataKey = (orderId: number) => ['orderCustomerIndex', orderId] as const
