import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type AccountDetail = CallData<'adminUserInfo'>

export function getAccount(id: number) {
  return api.get('adminUserInfo', { id })
}

export function accountQueryOptions(id: number) {
  return queryOptions({ queryKey: ['adminUserInfo', id], queryFn: () => getAccount(id) })
}

export function useAccount(id: number | null) {
  return useQuery({ ...accountQueryOptions(id ?? 0), enabled: id !== null })
}
