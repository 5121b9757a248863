import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CustomerAttached, CustomerFilter, CustomerPreview } from './evaluation-types'
import { customerDataKey, figuresKey, viewingKey } from './evaluation-keys'
import { invalidateSummary } from '@/features/summary/api/invalidate'

/** orderCustomerIndex: a page of the viewing rows that match the order, and the sum of all of them. */
export function getOrderCustomerData(orderId: number, filter: CustomerFilter, page: number, limit: number) {
  return api.get('orderCustomerIndex', { orderId, ...filter, page, limit })
}

export function orderCustomerDataQueryOptions(orderId: number, filter: CustomerFilter, page: number, limit: number) {
  return queryOptions({
    queryKey: [...customerDataKey(orderId), filter, page, limit],
    queryFn: () => getOrderCustomerData(orderId, filter, page, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useOrderCustomerData(orderId: number | null, filter: CustomerFilter, page: number, limit: number) {
  return useQuery({ ...orderCustomerDataQueryOptions(orderId ?? 0, filter, page, limit), enabled: orderId !== null })
}

/** orderCustomerUp typeY 1: computes and stores what 确认 would attach; nothing changes yet. */
export function previewOrderCustomerData(orderId: number, filter: CustomerFilter) {
  return api.post('orderCustomerUp', { orderId, ...filter, typeY: 1 }, { quiet: true }) as Promise<CustomerPreview>
}

/**
 * orderCustomerUp typeY 2: attaches exactly the stored preview, named by its `basis` (4009 when
 * the matching rows changed since, or another preview was stored meanwhile).
 */
export function confirmOrderCustomerData(orderId: number, filter: CustomerFilter, basis?: string) {
  return api.post('orderCustomerUp', { orderId, ...filter, typeY: 2, basis }, { quiet: true }) as Promise<CustomerAttached>
}

/**
 * After customer data is attached: issued GRP and 正负三 come from it, so the figures, the grid,
 * the estimates (their viewing fallback), the order list and log, and the list itself.
 */
export function afterCustomerData(client: QueryClient, orderId: number) {
  return Promise.all([
    invalidateSummary(client, orderId),
    ...[figuresKey(orderId), viewingKey(orderId), customerDataKey(orderId)].map((queryKey) => client.invalidateQueries({ queryKey })),
  ])
}
