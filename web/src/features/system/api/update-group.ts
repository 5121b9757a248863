import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useGroupsChanged, type GroupFormValues } from './create-group'

/** defaultAudienceCityGroupUp takes the new name as audienceCityGroupNameUp. */
export function updateGroup({ id, values }: { id: number; values: GroupFormValues }) {
  return api.post('defaultAudienceCityGroupUp', {
    id,
    brandId: values.brandId,
    audienceCityGroupNameUp: values.name.trim(),
  })
}

export function useUpdateGroup() {
  const changed = useGroupsChanged()
  return useMutation({ mutationFn: updateGroup, onSuccess: changed })
}
