import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productsQueryOptions } from './get-products'

export function deleteProduct(id: number) {
  return api.post('productDel', { id })
}

export function useDeleteProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => client.invalidateQueries({ queryKey: productsQueryOptions().queryKey.slice(0, 1) }),
  })
}
