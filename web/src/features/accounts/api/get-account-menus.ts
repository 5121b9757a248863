import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/** A menu the account dialog offers as a checkbox, with its children. */
export type MenuNode = CallData<'adminUserRule'>[number]

export function getAccountMenus() {
  return api.post('adminUserRule')
}

export function accountMenusQueryOptions() {
  // Always fresh: the menu screen may just have changed the tree.
  return queryOptions({ queryKey: ['adminUserRule'], queryFn: getAccountMenus, staleTime: 0 })
}

export function useAccountMenus(enabled = true) {
  return useQuery({ ...accountMenusQueryOptions(), enabled })
}
