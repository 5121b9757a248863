import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { tapeChangesQueryOptions } from './get-tape-changes'
import { invalidateOrder } from './invalidate'

/** orderMagneticTapeDetailsDel; an executed change answers 4009 不可删除 (shown by the client). */
export function deleteTapeChange({ orderId, detailsId }: { orderId: number; detailsId: number }) {
  return api.post('orderMagneticTapeDetailsDel', { orderId, detailsId })
}

export function useDeleteTapeChange() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteTapeChange,
    onSuccess: (_, { orderId }) => invalidateOrder(client, orderId, tapeChangesQueryOptions(orderId).queryKey),
  })
}
