import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

export function deleteProduct(id: number) {
  return api.post('productDel', { id })
}

export function useDeleteProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => invalidateProducts(client),
  })
}
