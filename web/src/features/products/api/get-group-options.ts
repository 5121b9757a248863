import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** defaultAudienceCityGroupList: every audience/city group, for the list's group filter. */
export function getGroupOptions() {
  return api.get('defaultAudienceCityGroupList')
}

export function groupOptionsQueryOptions() {
  return queryOptions({ queryKey: ['defaultAudienceCityGroupList'], queryFn: getGroupOptions, staleTime: 60_000 })
}

export function useGroupOptions() {
  return useQuery(groupOptionsQueryOptions())
}
