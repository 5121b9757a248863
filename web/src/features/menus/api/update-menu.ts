import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { menuPayload, type MenuFormValues } from './create-menu'
import { menusQueryOptions } from './get-menus'

/** Edits a menu; the new rule and title also travel as name_up/title_up, as the spec's form sends them. */
export function updateMenu({ id, values }: { id: number; values: MenuFormValues }) {
  const payload = menuPayload(values)
  return api.post('authRuleUp', { id, ...payload, name_up: payload.name, title_up: payload.title })
}

export function useUpdateMenu() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateMenu,
    onSuccess: () => client.invalidateQueries({ queryKey: menusQueryOptions().queryKey }),
  })
}
