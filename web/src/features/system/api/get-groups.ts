import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Group = CallData<'defaultAudienceCityGroupIndex'>['data'][number]

/** The group list's filters; the brand as the number the tab holds. */
export type GroupFilters = Omit<ListFilters<'defaultAudienceCityGroupIndex'>, 'brandId'> & { brandId?: number }

export function getGroups(filters: GroupFilters) {
  return api.get('defaultAudienceCityGroupIndex', filters)
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
