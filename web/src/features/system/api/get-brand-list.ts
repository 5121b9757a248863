import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type BrandOption = CallData<'brandList'>[number]

export function getBrandList() {
  return api.get('brandList', {}, { mask: false })
}

export function brandListQueryOptions() {
  return queryOptions({ queryKey: ['brandList'], queryFn: getBrandList })
}

/** Every brand, for the group tab's filter and dialog. */
export function useBrandList(enabled = true) {
  return useQuery({ ...brandListQueryOptions(), enabled })
}
