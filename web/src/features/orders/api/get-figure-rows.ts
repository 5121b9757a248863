import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, Schema } from '@/types/call'
import type { SummaryFilter } from '@/features/summary/api/get-summary-grid'

/** A figure a drill-down opens, by its stable name (docs/api.md, figureRows). */
export type FigureName = Schema<'FigureName'>

/** One row behind a figure: a spot, a manual GRP, a cell, a remaining cell at its estimate, a day … */
export type FigureRow = Schema<'FigureRow'>

/** figureRows: a page of the rows, how many in all, and the sum of all of them (the figure). */
export type FigureRows = CallData<'figureRows'>

/**
 * What a drill-down opens: the figure of an order, a month (none: the whole order, 合计 and the
 * order list), a line (the grid's columns) or a class (an estimate), on the side and data the
 * screen shows.
 */
export type FigureQuery = {
  orderId: number
  figure: FigureName
  filter: SummaryFilter
  month?: string
  lineId?: number
  timePeriodClassId?: number
}

/** Every figureRows of the order, whatever the figure. */
export const figureRowsKey = (orderId: number) => ['figureRows', orderId] as const

const args = ({ orderId, figure, filter, month, lineId, timePeriodClassId }: FigureQuery) => ({
  orderId,
  figure,
  ...filter,
  month,
  lineId,
  timePeriodClassId,
})

/** figureRows: a page of the rows behind the figure, with their sum. */
export function getFigureRows(query: FigureQuery, page: number, limit: number) {
  return api.get('figureRows', { ...args(query), page, limit })
}

export function figureRowsQueryOptions(query: FigureQuery, page: number, limit: number) {
  return queryOptions({
    queryKey: [...figureRowsKey(query.orderId), args(query), page, limit],
    queryFn: () => getFigureRows(query, page, limit),
    // The next page keeps the rows shown until its own arrive.
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

export function useFigureRows(query: FigureQuery | null, page: number, limit: number) {
  const options = figureRowsQueryOptions(query ?? { orderId: 0, figure: 'issuedGrp', filter: { belongingTo: '1', category: '', source: '' } }, page, limit)
  return useQuery({ ...options, enabled: query !== null })
}

/** The arguments of the figure's export, the same as its rows'. */
export const figureExportArgs = args
