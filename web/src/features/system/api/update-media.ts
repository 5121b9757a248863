import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useMediaChanged } from './create-media'

/** mediaUp takes the new name as mediaNameUp. */
export function updateMedia({ id, name }: { id: number; name: string }) {
  return api.post('mediaUp', { id, mediaNameUp: name })
}

export function useUpdateMedia() {
  const changed = useMediaChanged()
  return useMutation({ mutationFn: updateMedia, onSuccess: changed })
}
