import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Account = CallData<'adminUserIndex'>['data'][number]

export type AccountFilters = ListFilters<'adminUserIndex'>

export function getAccounts(filters: AccountFilters) {
  return api.get('adminUserIndex', filters)
}

export function accountsQueryOptions(filters: AccountFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['adminUserIndex', filters],
    queryFn: () => getAccounts(filters),
    placeholderData: keepPreviousData,
  })
}

export function useAccounts(filters: AccountFilters) {
  return useQuery(accountsQueryOptions(filters))
}
