import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type TapeMedia = CallData<'productMagneticTapeMediaList'>[number]

export function getTapeMedia() {
  return api.get('productMagneticTapeMediaList')
}

export function tapeMediaQueryOptions() {
  return queryOptions({ queryKey: ['productMagneticTapeMediaList'], queryFn: getTapeMedia, staleTime: 60_000 })
}

export function useTapeMedia() {
  return useQuery(tapeMediaQueryOptions())
}
