import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useGroupsChanged } from './create-group'

export function deleteGroup(id: number) {
  return api.post('defaultAudienceCityGroupDelete', { id })
}

export function useDeleteGroup() {
  const changed = useGroupsChanged()
  return useMutation({ mutationFn: deleteGroup, onSuccess: changed })
}
