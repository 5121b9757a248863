import { useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type BrandOption = CallData<'brandList'>[number]

/** No mask: the group tab's filter loads in the background. */
export function brandListQueryOptions() {
  return lookupQueryOptions('brandList', {}, { mask: false })
}

/** Every brand, for the group tab's filter and dialog. */
export function useBrandList(enabled = true) {
  return useQuery({ ...brandListQueryOptions(), enabled })
}
