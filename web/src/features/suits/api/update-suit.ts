import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { suitPayload, type SuitFormValues } from './create-suit'
import { invalidateSuits } from './invalidate'

export function updateSuit({ id, values }: { id: number; values: SuitFormValues }) {
  return api.post('suitUp', { id, ...suitPayload(values) })
}

export function useUpdateSuit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateSuit,
    onSuccess: () => invalidateSuits(client),
  })
}
