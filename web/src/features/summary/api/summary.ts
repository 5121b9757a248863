import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'
import { figuresKey, viewingKey } from '@/features/orders/api/evaluation-keys'
import { proposalsQueryOptions } from '@/features/orders/api/get-proposals'
import { invalidateOrder } from '@/features/orders/api/invalidate'

export type GridCell = Schema<'GridCell'>
export type GridRow = Schema<'GridRow'>

/** A month of the grid: its lines and its make-goods (owed, scheduled, outstanding spots). */
export type GridMonth = CallData<'orderSummaryGrpList'>[number]
export type MakeGood = GridMonth['makeGood']

/** A cell's states as orderSummaryGrpList answers them: verified (isHe), withdrawn (value), a recorded reason, short (reasonDisappearance). */
export const VERIFIED = 2
export const WITHDRAWN = '撤掉'
export const REASON = '2'
export const SHORT = '1'

/** A stored cell (id > 0) the certificate verified: grey and locked. */
export const isVerified = (cell: Pick<GridCell, 'id' | 'isHe'> | null | undefined) => !!cell && cell.id > 0 && cell.isHe === VERIFIED

export type SuitRemaining = CallData<'orderSummarySuitList'>[number]
export type OrderTime = CallData<'orderTime'>

/** The toolbar's filters of the grid's figures: ownership 1 客户 / 2 媒体; category and source '' for the order's own. */
export type SummaryFilter = { belongingTo: string; category: string; source: string }
export const DEFAULT_FILTER: SummaryFilter = { belongingTo: '1', category: '', source: '' }

/** The keys every write to the schedule invalidates (the point dialogs use exactly these). */
export const gridKey = (orderId: number) => ['orderSummaryGrpList', orderId] as const
export const suitRemainingKey = (orderId: number) => ['orderSummarySuitList', orderId] as const
export const orderTimeKey = (orderId: number) => ['orderTime', orderId] as const

/** orderSummaryGrpList: one entry per month of the cycle, each with its lines and their cells. */
export function getSummaryGrid(orderId: number, filter: SummaryFilter) {
  return api.get('orderSummaryGrpList', { orderId, ...filter })
}

/**
 * The grid under the filters. A change of filter keeps the grid shown until the new answer
 * arrives, so the rows don't flash empty; always fetched afresh on opening.
 */
export function useSummaryGrid(orderId: number | null, filter: SummaryFilter, enabled = true) {
  return useQuery({
    queryKey: [...gridKey(orderId ?? 0), filter],
    queryFn: () => getSummaryGrid(orderId ?? 0, filter),
    enabled: orderId !== null && enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

/** orderTime: the cycle (the days a date may be picked from), its months and the assessment date — the grid and the dialogs share it. */
export function useOrderTime(orderId: number | null) {
  return useQuery({
    queryKey: orderTimeKey(orderId ?? 0),
    queryFn: () => api.get('orderTime', { orderId: orderId ?? 0 }),
    enabled: orderId !== null,
    staleTime: 0,
  })
}

/** orderSummarySuitList: what each entry of the order's suits has left to schedule. */
export function useSuitRemaining(orderId: number | null, enabled = true) {
  return useQuery({
    queryKey: suitRemainingKey(orderId ?? 0),
    queryFn: () => api.get('orderSummarySuitList', { orderId: orderId ?? 0 }),
    enabled: orderId !== null && enabled,
    staleTime: 0,
  })
}

/**
 * After any write to the order's schedule (the grid's own and every cell dialog's): the grid, the
 * suits' remaining counts, what each suit entry has left (orderNum), the cycle and assessment
 * date, the evaluation's figures (remaining spots and issued GRP follow the cells), the order
 * list (status and figures follow) and the order's log.
 */
export function invalidateSummary(client: QueryClient, orderId: number) {
  return invalidateOrder(
    client, orderId, gridKey(orderId), suitRemainingKey(orderId), orderTimeKey(orderId), ['orderNum', orderId], figuresKey(orderId),
  )
}

/**
 * 刷新汇总: everything the dialog shows — what a write refreshes, and the proposals and the
 * estimates of 汇总 mode. Resolves when the refetches are done (the button's busy state and its
 * toast wait for it).
 */
export function refreshSummary(client: QueryClient, orderId: number) {
  return Promise.all([
    invalidateSummary(client, orderId),
    client.invalidateQueries({ queryKey: proposalsQueryOptions(orderId).queryKey }),
    client.invalidateQueries({ queryKey: viewingKey(orderId) }),
  ])
}

/**
 * grpTimeUp: sets the assessment date; remaining spots count from it, the default estimates look
 * back from it, and the order becomes 已评估.
 */
export function useAssessmentTime(orderId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (timePg: string) => api.post('grpTimeUp', { orderId, timePg }),
    onSuccess: () => Promise.all([invalidateSummary(client, orderId), client.invalidateQueries({ queryKey: viewingKey(orderId) })]),
  })
}
