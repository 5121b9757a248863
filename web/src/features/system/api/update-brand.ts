import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useBrandsChanged } from './create-brand'

/** brandUp sends the current name as brandName and the new one as brandNameUp. */
export function updateBrand({ id, current, name }: { id: number; current: string; name: string }) {
  return api.post('brandUp', { id, brandName: current, brandNameUp: name })
}

export function useUpdateBrand() {
  const changed = useBrandsChanged()
  return useMutation({ mutationFn: updateBrand, onSuccess: changed })
}
