import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { GroupOption } from './get-brand-groups'

/** defaultAudienceCityGroupList: every audience/city group, for the list's group filter. */
export function getGroupOptions() {
  return api.get<GroupOption[]>('defaultAudienceCityGroupList')
}

export function groupOptionsQueryOptions() {
  return queryOptions({ queryKey: ['defaultAudienceCityGroupList'], queryFn: getGroupOptions, staleTime: 60_000 })
}

export function useGroupOptions() {
  return useQuery(groupOptionsQueryOptions())
}
