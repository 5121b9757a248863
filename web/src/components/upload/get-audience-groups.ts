import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'

/**
 * defaultAudienceCityGroupList: every audience/city group. Imported rows name their group (全国4+
 * is a group of several brands), so the customer-data form offers each name once, in order.
 */
export function audienceGroupNamesQueryOptions() {
  return queryOptions({
    ...lookupQueryOptions('defaultAudienceCityGroupList', {}, { mask: false }),
    staleTime: 60_000,
    select: (groups) => [...new Set(groups.map((g) => g.audienceCityGroupName))],
  })
}

export function useAudienceGroupNames(enabled: boolean) {
  return useQuery({ ...audienceGroupNamesQueryOptions(), enabled })
}
