import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

/** productCopy: a copy named `<name> - 副本` (then 副本2 …). */
export function copyProduct(id: number) {
  return api.post('productCopy', { id })
}

export function useCopyProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: copyProduct,
    // The spec's screen does not reload after a copy; a user expects to see the copy, so it does.
    onSuccess: () => invalidateProducts(client),
  })
}
