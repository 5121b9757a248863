import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateSuits } from './invalidate'

/** Copies a suit and its entries under a free name (`名称 - 副本`, `名称 - 副本2` …). */
export function copySuit(id: number) {
  return api.post('suitCopy', { id })
}

export function useCopySuit() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: copySuit,
    onSuccess: () => invalidateSuits(client),
  })
}
