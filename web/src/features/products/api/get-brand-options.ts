import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/** A brand of the pickers (brandList, from the system-settings area). */
export type BrandOption = Pick<CallData<'brandList'>[number], 'id' | 'brandName'>

export function getBrandOptions() {
  return api.get('brandList')
}

export function brandOptionsQueryOptions() {
  return queryOptions({ queryKey: ['brandList'], queryFn: getBrandOptions, staleTime: 60_000 })
}

export function useBrandOptions() {
  return useQuery(brandOptionsQueryOptions())
}
