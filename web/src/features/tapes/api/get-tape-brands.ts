import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type TapeBrand = CallData<'productMagneticTapeBrandList'>[number]

export function getTapeBrands() {
  return api.get('productMagneticTapeBrandList')
}

export function tapeBrandsQueryOptions() {
  return queryOptions({ queryKey: ['productMagneticTapeBrandList'], queryFn: getTapeBrands, staleTime: 60_000 })
}

export function useTapeBrands() {
  return useQuery(tapeBrandsQueryOptions())
}
