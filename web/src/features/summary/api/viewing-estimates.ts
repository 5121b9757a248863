import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api, type CallOptions } from '@/lib/api-client'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'
import { figuresKey, viewingKey } from '@/features/orders/api/evaluation-keys'
import { invalidateOrder } from '@/features/orders/api/invalidate'
import { ordersQueryOptions } from '@/features/orders/api/get-orders'
import { gridKey, periodsKey } from './keys'

/** orderViewingList: each time-period class of the order's media with its estimate, default and basis. */
export function getViewingEstimates(orderId: number, filter: EvaluationFilter) {
  return api.get('orderViewingList', { orderId, ...filter })
}

export function viewingEstimatesQueryOptions(orderId: number, filter: EvaluationFilter) {
  return queryOptions({
    queryKey: [...viewingKey(orderId), filter],
    queryFn: () => getViewingEstimates(orderId, filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useViewingEstimates(orderId: number, filter: EvaluationFilter, enabled = true) {
  return useQuery({ ...viewingEstimatesQueryOptions(orderId, filter), enabled })
}

/** The three values as typed: '' for empty (all three empty restore the default). */
export type EstimateDraft = { estimated: string; estimatedLow: string; estimatedHigh: string }

/**
 * orderViewingUp: stores the class's edit, or restores its default when all three are empty.
 * Quiet: the editor shows the server's refusal beside the class it concerns.
 */
export function saveViewingEstimate(orderId: number, timePeriodClassId: number, draft: EstimateDraft, opts: CallOptions = {}) {
  return api.post('orderViewingUp', { orderId, timePeriodClassId, ...draft }, { quiet: true, mask: false, ...opts })
}

/**
 * After an estimate changes: the estimates themselves, the figures (expected, difference,
 * overplay, theatres), the grid's estimate columns, the order list's blocks and the order's log.
 */
export function afterEstimate(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, viewingKey(orderId), figuresKey(orderId), gridKey(orderId))
}

/**
 * After a time-period class was added or edited (from 汇总): a class's periods decide which
 * spots its estimate values, for every order of the media — each order's estimates, figures,
 * grid and periods, and the order list.
 */
export function afterClassChange(client: QueryClient) {
  const keys = [viewingKey(0), figuresKey(0), gridKey(0), periodsKey(0), ordersQueryOptions().queryKey].map((k) => k.slice(0, 1))
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })))
}
