import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'

/** defaultAudienceCityGroupList: every audience/city group, for the list's group filter. */
export function groupOptionsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('defaultAudienceCityGroupList'), staleTime: 60_000 })
}

export function useGroupOptions() {
  return useQuery(groupOptionsQueryOptions())
}
