import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { accountsQueryOptions } from './get-accounts'

export function deleteAccount(id: number) {
  return api.post('adminUserDelete', { id })
}

export function useDeleteAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: accountsQueryOptions().queryKey.slice(0, 1) }),
  })
}
