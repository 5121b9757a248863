import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

/** A brand of the pickers (brandList, from the system-settings area). */
export type BrandOption = Pick<CallData<'brandList'>[number], 'id' | 'brandName'>

export function brandOptionsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('brandList'), staleTime: 60_000 })
}

export function useBrandOptions() {
  return useQuery(brandOptionsQueryOptions())
}
