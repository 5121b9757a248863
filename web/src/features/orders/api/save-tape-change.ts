import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { orderVersionsQueryOptions } from './get-order-versions'
import { tapeChangesQueryOptions } from './get-tape-changes'
import { invalidateOrder } from './invalidate'

/** The form's fields, named as orderMagneticTapeDetailsUp takes them, so 4000 answers land on them. */
export const TAPE_CHANGE_FIELDS = ['tapeId', 'upTapeId', 'executeAt'] as const

/** Ids as text (select values), the day `YYYY-MM-DD`. */
export type TapeChangeValues = Record<(typeof TAPE_CHANGE_FIELDS)[number], string>

export type SaveTapeChange = { orderId: number; values: TapeChangeValues; /** The change edited; absent adds one. */ id?: number }

/**
 * orderMagneticTapeDetailsUp. Adding sends the order, its tape, the new tape and the day; an
 * edit sends only the change's id, the new tape and the day as `YYYY-MM-DD 00:00:00` (docs/api.md "Paths").
 */
export function tapeChangePayload({ orderId, values, id }: SaveTapeChange) {
  if (id !== undefined) return { id, upTapeId: values.upTapeId, executeAt: `${values.executeAt} 00:00:00` }
  return { orderId, tapeId: values.tapeId, upTapeId: values.upTapeId, executeAt: values.executeAt }
}

export function saveTapeChange(change: SaveTapeChange) {
  return api.post('orderMagneticTapeDetailsUp', tapeChangePayload(change))
}

/** A pending change inside the cycle makes the order 待换版: the list follows. */
export function useSaveTapeChange() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: saveTapeChange,
    onSuccess: (_, { orderId }) =>
      invalidateOrder(client, orderId, tapeChangesQueryOptions(orderId).queryKey, orderVersionsQueryOptions(orderId).queryKey),
  })
}
