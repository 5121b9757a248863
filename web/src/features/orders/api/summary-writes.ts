import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, transport, type CallOptions } from '@/lib/api-client'
import type { CallArgs, CallData, Schema } from '@/types/call'
import { orderVersionsQueryOptions } from './get-order-versions'
import { invalidateOrder } from './invalidate'

/*
 * The summary dialog's cell writes (DESIGN §5.2, spec orders §5) and the lookups their dialogs
 * pick from. Every write is sent quiet: the dialogs show a refusal under its field or as the
 * form's error rather than as a toast.
 */

export type GridRow = Schema<'GridRow'>
export type GridCell = Schema<'GridCell'>
export type CellOperation = Schema<'CellOperation'>
export type PeriodSuit = Schema<'PeriodSuit'>
export type Period = Schema<'TimePeriodRow'>

/** The spot types a line may have: A base, B supplementary (补), C free, D other. */
export const POINT_TYPES = ['A', 'B', 'C', 'D'] as const
export type PointType = (typeof POINT_TYPES)[number]

/** The text of a withdrawn cell's `value`. */
export const WITHDRAWN = '撤掉'

/** A cell the certificate verified (grey, locked): isHe 2. */
export const isVerified = (cell: Pick<GridCell, 'isHe'> | null | undefined) => cell?.isHe === 2

/*
 * The point move and orderNum, declared here as SUMMARY.md gives them until the server's
 * OpenAPI document has them (the integrator then switches these to `Schema<…>` and `api`).
 */

export type MoveArgs = {
  orderId: number
  /** The source cell. */
  id: number
  upTapeId: number
  suitId: number
  timePeriodId: number
  type: string
  /** `YYYY-MM-DD`; type A keeps the source cell's day and ignores it. */
  ymd?: string
  num: number
  /** 1 checks and stores the preview, 2 applies it. */
  typeY: 1 | 2
  /** typeY 2: the preview's basis, so a changed preview is refused (4009). */
  basis?: string
}

export type MoveSide = { ymd: string; tape: string; period: string; type: string }
export type MovePreview = {
  max: number
  basis: string
  preview: {
    from: MoveSide & { missing: number; moved: number }
    to: MoveSide & { point: number; after: number }
  }
}
export type MoveDone = { max: number; moved: number; toId: number }

export type OrderNumArgs = { orderId: number; timePeriodId: number; suitXId: number; suitId: number; types: string; ymd?: string }

/** Per month of orderSummaryGrpList: the make-goods owed, placed and still to place. */
export type MakeGood = { owed: number; scheduled: number; outstanding: number }

const QUIET: CallOptions = { quiet: true }

/** orderSummaryGrpYmdUp: modify, create, withdraw or record a reason; `ids` for a batch. */
export const upCells = (args: CallArgs<'orderSummaryGrpYmdUp'>) => api.post('orderSummaryGrpYmdUp', args, QUIET)

/** orderSummaryGrpYmdAdd: spots on a (new or existing) line of a version and period. */
export const addCells = (args: CallArgs<'orderSummaryGrpYmdAdd'>) => api.post('orderSummaryGrpYmdAdd', args, QUIET)

/** grpYmdUp: a verified cell's manual GRP; blank clears it. */
export const setManualGrp = (args: { ymdId: number; mdp: string }) => api.post('grpYmdUp', args, QUIET)

export function moveCell(args: MoveArgs & { typeY: 1 }): Promise<MovePreview>
export function moveCell(args: MoveArgs & { typeY: 2 }): Promise<MoveDone>
export function moveCell(args: MoveArgs): Promise<MovePreview | MoveDone> {
  return transport.post('orderSummaryGrpYmdYdY', args, QUIET)
}

export const getOrderNum = (args: OrderNumArgs) => transport.get<{ num: number }>('orderNum', args, { mask: false })

/**
 * After a cell write: the grid and the suits' remaining spots (the keys the grid reads, as
 * SUMMARY.md names them), the order list (status and figures follow), the order's log and what
 * the suit entries have left.
 */
export function afterCellWrite(client: QueryClient, orderId: number) {
  return invalidateOrder(client, orderId, ['orderSummaryGrpList', orderId], ['orderSummarySuitList', orderId], ['orders'], ['orderNum', orderId])
}

function useSummaryWrite<A, R>(orderId: number, write: (args: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => afterCellWrite(client, orderId) })
}

export const useUpCells = (orderId: number) => useSummaryWrite(orderId, upCells)
export const useAddCells = (orderId: number) => useSummaryWrite(orderId, addCells)
export const useManualGrp = (orderId: number) => useSummaryWrite(orderId, setManualGrp)

/** The move's check (typeY 1) writes only the stored preview: nothing to refresh. */
export const useCheckMove = () => useMutation({ mutationFn: (args: Omit<MoveArgs, 'typeY' | 'basis'>) => moveCell({ ...args, typeY: 1 }) })
export const useConfirmMove = (orderId: number) => useSummaryWrite(orderId, (args: Omit<MoveArgs, 'typeY'>) => moveCell({ ...args, typeY: 2 }))

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

/** orderNum: what a suit entry still has to schedule (null: not asked yet). */
export function useOrderNum(args: OrderNumArgs | null) {
  return useQuery({
    queryKey: ['orderNum', args?.orderId, args],
    queryFn: () => getOrderNum(args!),
    enabled: args !== null,
    select: (d) => d.num,
  })
}

export type OrderTime = CallData<'orderTime'>

/** orderTime: the cycle (the days a date may be picked from), the answer as it comes. */
export function orderTimeQueryOptions(orderId: number) {
  return queryOptions({ queryKey: ['orderTime', orderId], queryFn: () => api.get('orderTime', { orderId }) })
}

export const useCycle = (orderId: number, enabled = true) => useQuery({ ...orderTimeQueryOptions(orderId), enabled })
