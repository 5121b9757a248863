import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** A brand of the pickers (brandList, from the system-settings area). */
export type BrandOption = { id: number; brandName: string }

export function getBrandOptions() {
  return api.get<BrandOption[]>('brandList')
}

export function brandOptionsQueryOptions() {
  return queryOptions({ queryKey: ['brandList'], queryFn: getBrandOptions, staleTime: 60_000 })
}

export function useBrandOptions() {
  return useQuery(brandOptionsQueryOptions())
}
