import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { menusQueryOptions } from './get-menus'

export const MENU_FIELDS = ['pid', 'type', 'name', 'title', 'weight', 'status'] as const
/** The parent id of a top-level menu. */
export const TOP_LEVEL = '0'
const RULE_RE = /^[A-Za-z0-9/_.-]+$/

/** The menu dialog's form, as text like the controls hold it. */
export type MenuFormValues = { pid: string; type: string; name: string; title: string; weight: string; status: string }

const oneOf = (values: string[]) => (v: string) => values.includes(v)

/** The spec's menu form rules (docs/screens.md "Master-data validation") with the server's messages. */
export function menuSchema(t: TFunction<'admin'>) {
  return z.object({
    pid: z.string().min(1, t('validation.parentRequired')),
    type: z.string().refine(oneOf(['1', '2']), t('validation.typeRequired')),
    name: z
      .string()
      .trim()
      .min(1, t('validation.ruleRequired'))
      .max(50, t('validation.length50'))
      .regex(RULE_RE, t('validation.ruleFormat')),
    title: z.string().trim().min(1, t('validation.titleRequired')).max(50, t('validation.length50')),
    weight: z
      .string()
      .trim()
      .min(1, t('validation.weightRequired'))
      .refine((w) => /^\d+$/.test(w) && Number(w) >= 1 && Number(w) <= 99, t('validation.weightRange')),
    status: z.string().refine(oneOf(['1', '2']), t('validation.statusRequired')),
  })
}

export function menuPayload(v: MenuFormValues) {
  return {
    pid: Number(v.pid),
    type: Number(v.type),
    name: v.name.trim(),
    title: v.title.trim(),
    weight: Number(v.weight),
    status: Number(v.status),
  }
}

export function createMenu(values: MenuFormValues) {
  return api.post('authRuleAdd', menuPayload(values))
}

export function useCreateMenu() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createMenu,
    onSuccess: () => client.invalidateQueries({ queryKey: menusQueryOptions().queryKey }),
  })
}
