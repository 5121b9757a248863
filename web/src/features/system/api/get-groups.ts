import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type Group = CallData<'defaultAudienceCityGroupIndex'>['data'][number]

export type GroupFilters = { page: number; limit: number; audienceCityGroupName?: string; brandId?: number }

export function getGroups(filters: GroupFilters) {
  return api.get<CallData<'defaultAudienceCityGroupIndex'>>('defaultAudienceCityGroupIndex', filters)
}

export function groupsQueryOptions(filters: GroupFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['defaultAudienceCityGroupIndex', filters],
    queryFn: () => getGroups(filters),
    placeholderData: keepPreviousData,
  })
}

export function useGroups(filters: GroupFilters) {
  return useQuery(groupsQueryOptions(filters))
}
