import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { timePeriodPayload, type TimePeriodFormValues } from './create-time-period'
import { invalidateTimePeriods } from './invalidate'

export function updateTimePeriod({ id, values }: { id: number; values: TimePeriodFormValues }) {
  const payload = timePeriodPayload(values)
  return api.post('timePeriodUp', { id, ...payload, timePeriodNameUp: payload.timePeriodName })
}

export function useUpdateTimePeriod() {
  const client = useQueryClient()
  return useMutation({ mutationFn: updateTimePeriod, onSuccess: () => invalidateTimePeriods(client) })
}
