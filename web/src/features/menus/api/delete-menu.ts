import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { menusQueryOptions } from './get-menus'

export function deleteMenu(id: number) {
  return api.post('authRuleDelete', { id })
}

export function useDeleteMenu() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => client.invalidateQueries({ queryKey: menusQueryOptions().queryKey }),
  })
}
