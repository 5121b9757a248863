import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Schema } from '@/types/call'
import { periodsKey } from './keys'

export type Period = Schema<'TimePeriodRow'>

/** timePeriod: the periods of the order's media, in broadcast order. */
export function getPeriods(orderId: number) {
  return api.get('timePeriod', { orderId })
}

export function periodsQueryOptions(orderId: number) {
  return queryOptions({ queryKey: periodsKey(orderId), queryFn: () => getPeriods(orderId) })
}

export function usePeriods(orderId: number, enabled = true) {
  return useQuery({ ...periodsQueryOptions(orderId), enabled })
}
