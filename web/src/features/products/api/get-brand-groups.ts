import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** An audience/city group of the pickers (from the system-settings area). */
export type GroupOption = {
  id: number
  audienceCityGroupName: string
  brandId?: number | null
  brand?: { brandName: string } | null
}

/** defaultAudienceCityGroupBrandList: the groups of one brand, which a product chooses from. */
export function getBrandGroups(brandId: number) {
  return api.get<GroupOption[]>('defaultAudienceCityGroupBrandList', { brandId })
}

export function brandGroupsQueryOptions(brandId: number) {
  return queryOptions({
    queryKey: ['defaultAudienceCityGroupBrandList', brandId],
    queryFn: () => getBrandGroups(brandId),
    staleTime: 60_000,
  })
}

export function useBrandGroups(brandId: number | null) {
  return useQuery({ ...brandGroupsQueryOptions(brandId ?? 0), enabled: brandId !== null })
}
