import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Schema } from '@/types/call'
import { periodSuitsKey } from './keys'

export type PeriodSuit = Schema<'PeriodSuit'>

/** orderTimePeriodSuitList: the entries of the order's suits that hold the period. */
export function getPeriodSuits(orderId: number, timePeriodId: number) {
  return api.get('orderTimePeriodSuitList', { orderId, timePeriodId })
}

export function periodSuitsQueryOptions(orderId: number, timePeriodId: number | null) {
  return queryOptions({ queryKey: periodSuitsKey(orderId, timePeriodId), queryFn: () => getPeriodSuits(orderId, timePeriodId ?? 0) })
}

/** Nothing asked while no period is chosen. */
export function usePeriodSuits(orderId: number, timePeriodId: number | null) {
  return useQuery({ ...periodSuitsQueryOptions(orderId, timePeriodId), enabled: timePeriodId !== null })
}
