import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type SuitMedia = CallData<'suitMediaList'>[number]

export function getSuitMedia() {
  return api.get('suitMediaList')
}

export function suitMediaQueryOptions() {
  return queryOptions({ queryKey: ['suitMediaList'], queryFn: getSuitMedia, staleTime: 60_000 })
}

export function useSuitMedia() {
  return useQuery(suitMediaQueryOptions())
}
