import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { onlineViewingsQueryOptions } from './get-online-viewings'

export function deleteOnlineViewing(id: number) {
  return api.post('onlineViewingDel', { id })
}

export function useDeleteOnlineViewing() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteOnlineViewing,
    onSuccess: () => client.invalidateQueries({ queryKey: onlineViewingsQueryOptions().queryKey.slice(0, 1) }),
  })
}
