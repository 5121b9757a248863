import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateSuits } from './invalidate'

export function deleteSuit(id: number) {
  return api.post('suitDel', { id })
}

export function useDeleteSuit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteSuit,
    onSuccess: () => invalidateSuits(client),
  })
}
