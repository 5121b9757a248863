import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useMediaChanged } from './create-media'

export function deleteMedia(id: number) {
  return api.post('mediaDelete', { id })
}

export function useDeleteMedia() {
  const changed = useMediaChanged()
  return useMutation({ mutationFn: deleteMedia, onSuccess: changed })
}
