import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

/** A menu (auth rule) with its children: parents at the top, two levels. */
export type Menu = CallData<'authRuleIndex'>[number]

export function getMenus() {
  return api.post('authRuleIndex')
}

export function menusQueryOptions() {
  return queryOptions({ queryKey: ['authRuleIndex'], queryFn: getMenus })
}

export function useMenus() {
  return useQuery(menusQueryOptions())
}
