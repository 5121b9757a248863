import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'

export type TemplateMonth = CallData<'orderTemplateList'>[number]
export type TemplateLine = Schema<'TemplateLine'>

/** orderTemplateList: the order's schedule, a month at a time (only days with spots listed). */
export function getOrderTemplate(orderId: number) {
  return api.get('orderTemplateList', { orderId })
}

export function orderTemplateQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderTemplateList', orderId], queryFn: () => getOrderTemplate(orderId) })
}

/** Fetched afresh on every opening: an import may have replaced a month since. */
export function useOrderTemplate(orderId: number | null) {
  return useQuery({ ...orderTemplateQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
