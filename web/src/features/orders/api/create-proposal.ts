import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { proposalsQueryOptions } from './get-proposals'
import { invalidateOrder } from './invalidate'

export const PROPOSAL_FIELDS = ['proposalText', 'adjustDate'] as const
export type ProposalValues = Record<(typeof PROPOSAL_FIELDS)[number], string>
export const MAX_PROPOSAL = 1000

/**
 * docs/screens.md "Order dialogs" add adjustment: text and date required. The spec's date message ('请选择类型') is a
 * slip of the old admin; the server says 请选择调整日期 (docs/decisions.md "Order rules").
 */
export function proposalSchema(t: TFunction<'orders'>) {
  return z.object({
    proposalText: z.string().trim().min(1, t('proposals.textRequired')).max(MAX_PROPOSAL, t('proposals.textTooLong', { max: MAX_PROPOSAL })),
    adjustDate: z.string().min(1, t('proposals.dateRequired')),
  })
}

export function createProposal({ orderId, values }: { orderId: number; values: ProposalValues }) {
  return api.post('orderProposalAdd', { orderId, proposalText: values.proposalText.trim(), adjustDate: values.adjustDate })
}

export function useCreateProposal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createProposal,
    onSuccess: (_, { orderId }) => invalidateOrder(client, orderId, proposalsQueryOptions(orderId).queryKey),
  })
}
