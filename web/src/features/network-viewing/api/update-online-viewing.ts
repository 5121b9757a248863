import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { viewingPayload, type ViewingFormValues } from './create-online-viewing'
import { onlineViewingsQueryOptions } from './get-online-viewings'

export function updateOnlineViewing({ id, values }: { id: number; values: ViewingFormValues }) {
  return api.post('onlineViewingUp', { id, ...viewingPayload(values) })
}

export function useUpdateOnlineViewing() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateOnlineViewing,
    onSuccess: () => client.invalidateQueries({ queryKey: onlineViewingsQueryOptions().queryKey.slice(0, 1) }),
  })
}
