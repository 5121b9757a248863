import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateTimePeriods } from './invalidate'

export function deleteTimePeriod(id: number) {
  return api.post('timePeriodDel', { id })
}

export function useDeleteTimePeriod() {
  const client = useQueryClient()
  return useMutation({ mutationFn: deleteTimePeriod, onSuccess: () => invalidateTimePeriods(client) })
}
