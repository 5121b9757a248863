import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { tapePayload, type TapeFormValues } from './create-tape'
import { invalidateTapes } from './invalidate'

/** productMagneticTapeUp sends the `…Up` variants of the fields (docs/screens.md "Master-data validation"), and the id. */
export function upPayload(id: number, values: TapeFormValues) {
  const up = Object.fromEntries(Object.entries(tapePayload(values)).map(([k, v]) => [`${k}Up`, v]))
  return { id, ...up }
}

export function updateTape({ id, values }: { id: number; values: TapeFormValues }) {
  return api.post('productMagneticTapeUp', upPayload(id, values))
}

export function useUpdateTape() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateTape,
    onSuccess: () => invalidateTapes(client),
  })
}
