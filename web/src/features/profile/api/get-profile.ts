import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type Profile = CallData<'adminUserProfile'>

export function getProfile() {
  return api.get('adminUserProfile')
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: ['adminUserProfile'], queryFn: getProfile })
}

export function useProfile() {
  return useQuery(profileQueryOptions())
}
