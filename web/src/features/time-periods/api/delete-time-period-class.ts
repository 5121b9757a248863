import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateTimePeriods } from './invalidate'

/** Deletes a class; its periods become unclassified. */
export function deleteTimePeriodClass(classId: number) {
  return api.post('timePeriodClassDel', { classId })
}

export function useDeleteTimePeriodClass() {
  const client = useQueryClient()
  return useMutation({ mutationFn: deleteTimePeriodClass, onSuccess: () => invalidateTimePeriods(client) })
}
