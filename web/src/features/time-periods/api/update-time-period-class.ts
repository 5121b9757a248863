import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { classPayload, type ClassFormValues } from './create-time-period-class'
import { invalidateTimePeriods } from './invalidate'

/** Sets the class's name, media and exactly its periods (those left out become unclassified). */
export function updateTimePeriodClass({ id, values }: { id: number; values: ClassFormValues }) {
  const payload = classPayload(values)
  return api.post('timePeriodClassUp', {
    classId: id,
    ...payload,
    timePeriodClassNameUp: payload.timePeriodClassName,
  })
}

export function useUpdateTimePeriodClass() {
  const client = useQueryClient()
  return useMutation({ mutationFn: updateTimePeriodClass, onSuccess: () => invalidateTimePeriods(client) })
}
