import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { tapesQueryOptions } from './get-tapes'

export function deleteTape(id: number) {
  return api.post('productMagneticTapeDel', { id })
}

export function useDeleteTape() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteTape,
    onSuccess: () => client.invalidateQueries({ queryKey: tapesQueryOptions().queryKey.slice(0, 1) }),
  })
}
