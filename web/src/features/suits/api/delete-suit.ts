import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { suitsQueryOptions } from './get-suits'

export function deleteSuit(id: number) {
  return api.post('suitDel', { id })
}

export function useDeleteSuit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteSuit,
    onSuccess: () => client.invalidateQueries({ queryKey: suitsQueryOptions().queryKey.slice(0, 1) }),
  })
}
