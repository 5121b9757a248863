import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { brandListQueryOptions } from './get-brand-list'
import { brandsQueryOptions } from './get-brands'
import { groupsQueryOptions } from './get-groups'
import { invalidateCalls, LOOKUPS } from './invalidate'

export function createBrand(brandName: string) {
  return api.post('brandAdd', { brandName })
}

/** Refreshes the brand list, the group list (it shows brand names) and every brand lookup. */
export function useBrandsChanged() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: brandsQueryOptions().queryKey.slice(0, 1) }),
      client.invalidateQueries({ queryKey: brandListQueryOptions().queryKey }),
      client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey.slice(0, 1) }),
      invalidateCalls(client, [...LOOKUPS.brand, ...LOOKUPS.group]),
    ])
}

export function useCreateBrand() {
  const changed = useBrandsChanged()
  return useMutation({ mutationFn: createBrand, onSuccess: changed })
}
