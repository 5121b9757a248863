import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type CallOptions } from '@/lib/api-client'
import type { CallArgs, Schema } from '@/types/call'
import { orderVersionsQueryOptions } from '@/features/orders/api/get-order-versions'
import { invalidateSummary } from './summary'

/*
 * The summary dialog's cell writes (DESIGN §5.2, spec orders §5) and the lookups their dialogs
 * pick from. Every write is sent quiet: the dialogs show a refusal under its field or as the
 * form's error rather than as a toast.
 */

export type { GridCell, GridRow } from './summary'
export type CellOperation = Schema<'CellOperation'>
export type PeriodSuit = Schema<'PeriodSuit'>
export type Period = Schema<'TimePeriodRow'>

/** The spot types a line may have: A base, B supplementary (补), C free, D other. */
export const POINT_TYPES = ['A', 'B', 'C', 'D'] as const
export type PointType = (typeof POINT_TYPES)[number]

/** The cell states the dialogs check, as the grid reads them. */
export { isVerified, WITHDRAWN } from './summary'

/** orderSummaryGrpYmdYdY's arguments; `typeY` 1 checks and stores the preview, 2 applies it by its basis. */
export type MoveArgs = CallArgs<'orderSummaryGrpYmdYdY'>
export type MovePreview = Schema<'MovePreview'>
export type MoveDone = Schema<'MoveApplied'>
/** The arguments of a move as the dialog builds them, before the step (`typeY`) and `basis` are added. */
export type MoveFields = Omit<MoveArgs, 'typeY' | 'basis'>

export type OrderNumArgs = CallArgs<'orderNum'>

const QUIET: CallOptions = { quiet: true }

/** orderSummaryGrpYmdUp: modify, create, withdraw or record a reason; `ids` for a batch. */
export const upCells = (args: CallArgs<'orderSummaryGrpYmdUp'>) => api.post('orderSummaryGrpYmdUp', args, QUIET)

/** orderSummaryGrpYmdAdd: spots on a (new or existing) line of a version and period. */
export const addCells = (args: CallArgs<'orderSummaryGrpYmdAdd'>) => api.post('orderSummaryGrpYmdAdd', args, QUIET)

/** grpYmdUp: a verified cell's manual GRP; blank clears it. */
export const setManualGrp = (args: { ymdId: number; mdp: string }) => api.post('grpYmdUp', args, QUIET)

/** The move answers its preview to a check (typeY 1) and what it applied to a confirmation (typeY 2). */
export const checkMove = (args: MoveFields) => api.post('orderSummaryGrpYmdYdY', { ...args, typeY: 1 }, QUIET) as Promise<MovePreview>
export const confirmMove = (args: MoveFields & { basis: string }) =>
  api.post('orderSummaryGrpYmdYdY', { ...args, typeY: 2 }, QUIET) as Promise<MoveDone>

export const getOrderNum = (args: OrderNumArgs) => api.get('orderNum', args, { mask: false })

function useSummaryWrite<A, R>(orderId: number, write: (args: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => invalidateSummary(client, orderId) })
}

export const useUpCells = (orderId: number) => useSummaryWrite(orderId, upCells)
export const useAddCells = (orderId: number) => useSummaryWrite(orderId, addCells)
export const useManualGrp = (orderId: number) => useSummaryWrite(orderId, setManualGrp)

/** The move's check (typeY 1) writes only the stored preview: nothing to refresh. */
export const useCheckMove = () => useMutation({ mutationFn: checkMove })
export const useConfirmMove = (orderId: number) => useSummaryWrite(orderId, confirmMove)

/** The order's tapes (productMagneticTape), shared with the tape-change dialog's cache entry. */
export function useOrderTapeList(orderId: number, enabled = true) {
  return useQuery({ ...orderVersionsQueryOptions(orderId), enabled, select: (d) => d.product_magnetic_tape })
}

/** timePeriod: the periods of the order's media, in broadcast order. */
export function usePeriods(orderId: number, enabled = true) {
  return useQuery({ queryKey: ['timePeriod', orderId], queryFn: () => api.get('timePeriod', { orderId }), enabled })
}

/** orderTimePeriodSuitList: the entries of the order's suits that hold the period. */
export function usePeriodSuits(orderId: number, timePeriodId: number | null) {
  return useQuery({
    queryKey: ['orderTimePeriodSuitList', orderId, timePeriodId],
    queryFn: () => api.get('orderTimePeriodSuitList', { orderId, timePeriodId }),
    enabled: timePeriodId !== null,
  })
}

/** orderNum: what a suit entry still has to schedule and how far it is overrun (null: not asked yet). */
export function useOrderNum(args: OrderNumArgs | null) {
  return useQuery({
    queryKey: ['orderNum', args?.orderId, args],
    queryFn: () => getOrderNum(args!),
    enabled: args !== null,
  })
}
