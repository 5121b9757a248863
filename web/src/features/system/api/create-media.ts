import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateLookups } from '@/lib/lookups'
import { mediaQueryOptions } from './get-media'

export function createMedia(mediaName: string) {
  return api.post('mediaAdd', { mediaName })
}

/** Refreshes the media list and every screen's media lookups. */
export function useMediaChanged() {
  const client = useQueryClient()
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: mediaQueryOptions().queryKey.slice(0, 1) }), invalidateLookups(client)])
}

export function useCreateMedia() {
  const changed = useMediaChanged()
  return useMutation({ mutationFn: createMedia, onSuccess: changed })
}
