import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'
import { gridKey } from './keys'

export type GridCell = Schema<'GridCell'>
export type GridRow = Schema<'GridRow'>
/** One record of a cell's history (who did what, when). */
export type CellOperation = Schema<'CellOperation'>

/** A month of the grid: its lines and its make-goods (owed, scheduled, outstanding spots). */
export type GridMonth = CallData<'orderSummaryGrpList'>[number]
export type MakeGood = GridMonth['makeGood']

/** The spot types a line may have: A base, B supplementary (补), C free, D other. */
export const POINT_TYPES = ['A', 'B', 'C', 'D'] as const
export type PointType = (typeof POINT_TYPES)[number]

/** A cell's states as orderSummaryGrpList answers them: verified (isHe), withdrawn (value), a recorded reason, short (reasonDisappearance). */
export const VERIFIED = 2
export const WITHDRAWN = '撤掉'
export const REASON = '2'
export const SHORT = '1'

/** A stored cell (id > 0) the certificate verified: grey and locked. */
export const isVerified = (cell: Pick<GridCell, 'id' | 'isHe'> | null | undefined) => !!cell && cell.id > 0 && cell.isHe === VERIFIED

/** The toolbar's filters of the grid's figures: ownership 1 客户 / 2 媒体; category and source '' for the order's own. */
export type SummaryFilter = { belongingTo: string; category: string; source: string }
export const DEFAULT_FILTER: SummaryFilter = { belongingTo: '1', category: '', source: '' }

/** orderSummaryGrpList: one entry per month of the cycle, each with its lines and their cells. */
export function getSummaryGrid(orderId: number, filter: SummaryFilter) {
  return api.get('orderSummaryGrpList', { orderId, ...filter })
}

/**
 * The grid under the filters. A change of filter keeps the grid shown until the new answer
 * arrives, so the rows don't flash empty; always fetched afresh on opening.
 */
export function summaryGridQueryOptions(orderId: number, filter: SummaryFilter) {
  return queryOptions({
    queryKey: [...gridKey(orderId), filter],
    queryFn: () => getSummaryGrid(orderId, filter),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useSummaryGrid(orderId: number | null, filter: SummaryFilter, enabled = true) {
  return useQuery({ ...summaryGridQueryOptions(orderId ?? 0, filter), enabled: orderId !== null && enabled })
}
