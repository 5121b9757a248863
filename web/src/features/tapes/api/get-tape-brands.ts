import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type TapeBrand = CallData<'productMagneticTapeBrandList'>[number]

export function tapeBrandsQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('productMagneticTapeBrandList'), staleTime: 60_000 })
}

export function useTapeBrands() {
  return useQuery(tapeBrandsQueryOptions())
}
