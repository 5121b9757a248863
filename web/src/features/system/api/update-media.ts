import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'
import { useMediaChanged } from './create-media'

/** mediaUp takes the new name as mediaNameUp. */
export function updateMedia({ id, name }: { id: number; name: string }) {
  return api.post<CallData<'mediaUp'>>('mediaUp', { id, mediaNameUp: name })
}

export function useUpdateMedia() {
  const changed = useMediaChanged()
  return useMutation({ mutationFn: updateMedia, onSuccess: changed })
}
