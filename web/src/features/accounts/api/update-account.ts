import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { accountPayload, type AccountFormValues } from './create-account'
import { accountQueryOptions } from './get-account'
import { accountsQueryOptions } from './get-accounts'

/** Edits an account; a blank password keeps the current one. */
export function updateAccount({ id, values }: { id: number; values: AccountFormValues }) {
  return api.post('adminUserUp', { id, ...accountPayload(values) })
}

export function useUpdateAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (_, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: accountsQueryOptions().queryKey.slice(0, 1) }),
        client.invalidateQueries({ queryKey: accountQueryOptions(id).queryKey }),
      ]),
  })
}
