import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { customersQueryOptions } from './get-customers'

/** customerDel: the ids comma-joined, as the contract takes them. */
export function deleteCustomers(ids: readonly number[]) {
  return api.post('customerDel', { ids: ids.join(',') })
}

export function useDeleteCustomers() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteCustomers,
    onSuccess: () => client.invalidateQueries({ queryKey: customersQueryOptions().queryKey.slice(0, 1) }),
  })
}
