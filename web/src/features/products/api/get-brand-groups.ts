import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

/** An audience/city group of the pickers, as defaultAudienceCityGroupList and the brand's list answer it. */
export type GroupOption = Pick<CallData<'defaultAudienceCityGroupBrandList'>[number], 'id' | 'audienceCityGroupName' | 'brandId' | 'brand'>

/** defaultAudienceCityGroupBrandList: the groups of one brand, which a product chooses from. */
export function brandGroupsQueryOptions(brandId: number) {
  return queryOptions({ ...lookupQueryOptions('defaultAudienceCityGroupBrandList', { brandId }), staleTime: 60_000 })
}

export function useBrandGroups(brandId: number | null) {
  return useQuery({ ...brandGroupsQueryOptions(brandId ?? 0), enabled: brandId !== null })
}
