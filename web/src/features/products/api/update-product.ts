import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productPayload, type ProductFormValues } from './create-product'
import { invalidateProducts } from './invalidate'

/** productUp: the product's fields, its id, and productNameUp equal to the name (docs/screens.md "Master-data validation"). */
export function updateProduct({ id, values }: { id: number; values: ProductFormValues }) {
  const payload = productPayload(values)
  return api.post('productUp', { id, ...payload, productNameUp: payload.productName })
}

export function useUpdateProduct() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => invalidateProducts(client),
  })
}
