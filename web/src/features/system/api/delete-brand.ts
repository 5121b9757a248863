import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useBrandsChanged } from './create-brand'

export function deleteBrand(id: number) {
  return api.post('brandDelete', { id })
}

export function useDeleteBrand() {
  const changed = useBrandsChanged()
  return useMutation({ mutationFn: deleteBrand, onSuccess: changed })
}
