import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type Proposal = CallData<'orderProposalList'>[number]

/** orderProposalList: the order's adjustment proposals, newest first. */
export function getProposals(orderId: number) {
  return api.get('orderProposalList', { orderId })
}

export function proposalsQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderProposalList', orderId], queryFn: () => getProposals(orderId) })
}

export function useProposals(orderId: number | null) {
  return useQuery({ ...proposalsQueryOptions(orderId ?? 0), enabled: orderId !== null, staleTime: 0 })
}
