import { queryOptions, useQuery } from '@tanstack/react-query'
import { lookupQueryOptions } from '@/lib/lookups'
import type { CallData } from '@/types/call'

export type TapeMedia = CallData<'productMagneticTapeMediaList'>[number]

export function tapeMediaQueryOptions() {
  return queryOptions({ ...lookupQueryOptions('productMagneticTapeMediaList'), staleTime: 60_000 })
}

export function useTapeMedia() {
  return useQuery(tapeMediaQueryOptions())
}
