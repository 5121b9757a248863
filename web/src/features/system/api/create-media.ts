import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { mediaQueryOptions } from './get-media'
import { invalidateCalls, LOOKUPS } from './invalidate'

export function createMedia(mediaName: string) {
  return api.post('mediaAdd', { mediaName })
}

/** Refreshes the media list and every screen's media lookups. */
export function useMediaChanged() {
  const client = useQueryClient()
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: mediaQueryOptions().queryKey.slice(0, 1) }), invalidateCalls(client, LOOKUPS.media)])
}

export function useCreateMedia() {
  const changed = useMediaChanged()
  return useMutation({ mutationFn: createMedia, onSuccess: changed })
}
