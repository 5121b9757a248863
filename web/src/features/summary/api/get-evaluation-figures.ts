import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { figuresKey } from '@/features/orders/api/evaluation-keys'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'

/** orderSummaryList: the side's figures per month of the cycle, then the total (合计). */
export function getEvaluationFigures(orderId: number, filter: EvaluationFilter) {
  return api.get('orderSummaryList', { orderId, ...filter })
}

export function evaluationFiguresQueryOptions(orderId: number, filter: EvaluationFilter) {
  return queryOptions({
    queryKey: [...figuresKey(orderId), filter],
    queryFn: () => getEvaluationFigures(orderId, filter),
    // Another side or filter keeps the figures shown until its own arrive, so the table doesn't flash empty.
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useEvaluationFigures(orderId: number, filter: EvaluationFilter, enabled = true) {
  return useQuery({ ...evaluationFiguresQueryOptions(orderId, filter), enabled })
}
