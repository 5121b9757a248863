import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData, ListFilters } from '@/types/call'

export type Tape = CallData<'productMagneticTapeIndex'>['data'][number]

/** productMagneticTapeIndex's filters, named as the call names them; times are unix seconds. */
export type TapeFilters = ListFilters<'productMagneticTapeIndex'>

export function getTapes(filters: TapeFilters) {
  return api.get('productMagneticTapeIndex', filters)
}

export function tapesQueryOptions(filters: TapeFilters = { page: 1, limit: 10 }) {
  return queryOptions({
    queryKey: ['productMagneticTapeIndex', filters],
    queryFn: () => getTapes(filters),
    placeholderData: keepPreviousData,
  })
}

export function useTapes(filters: TapeFilters) {
  return useQuery(tapesQueryOptions(filters))
}
