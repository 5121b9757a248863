import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateTapes } from './invalidate'

export function deleteTape(id: number) {
  return api.post('productMagneticTapeDel', { id })
}

export function useDeleteTape() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteTape,
    onSuccess: () => invalidateTapes(client),
  })
}
