import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateLookups } from '@/lib/lookups'
import { brandsQueryOptions } from './get-brands'
import { groupsQueryOptions } from './get-groups'

export function createBrand(brandName: string) {
  return api.post('brandAdd', { brandName })
}

/** Refreshes the brand list, the group list (it shows brand names) and every lookup (brands, and the groups that name them). */
export function useBrandsChanged() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: brandsQueryOptions().queryKey.slice(0, 1) }),
      client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey.slice(0, 1) }),
      invalidateLookups(client),
    ])
}

export function useCreateBrand() {
  const changed = useBrandsChanged()
  return useMutation({ mutationFn: createBrand, onSuccess: changed })
}
