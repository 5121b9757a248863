import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { accountsQueryOptions } from './get-accounts'

export const ACCOUNT_FIELDS = ['name', 'account', 'password', 'password_confirmation', 'status', 'rule_id'] as const
const ACCOUNT_RE = /^[A-Za-z0-9_.@-]{1,50}$/
export const ALL_RULES = '*'

/** The account dialog's form; `rule_id` lists menu ids, or just `*` for all menus. */
export type AccountFormValues = {
  name: string
  account: string
  password: string
  password_confirmation: string
  status: string
  rule_id: string[]
}

/** The spec's admin form rules (docs/screens.md "Master-data validation") with the server's messages; editing keeps a blank password. */
export function accountSchema(t: TFunction<'admin'>, editing: boolean) {
  return z
    .object({
      name: z.string().trim().min(1, t('validation.nameRequired')).max(50, t('validation.nameTooLong')),
      account: z.string().min(1, t('validation.accountRequired')).regex(ACCOUNT_RE, t('validation.accountFormat')),
      password: z.string(),
      password_confirmation: z.string(),
      status: z.string().refine((s) => s === '1' || s === '2', t('validation.statusRequired')),
      rule_id: z.array(z.string()).min(1, t('validation.rulesRequired')),
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof AccountFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
      if (!v.password && !editing) issue('password', t('validation.passwordRequired'))
      else if (v.password && v.password.length < 6) issue('password', t('validation.passwordMin'))
      if (!v.password_confirmation && (!editing || v.password)) issue('password_confirmation', t('validation.confirmRequired'))
      else if (v.password_confirmation !== v.password) issue('password_confirmation', t('validation.confirmMismatch'))
    })
}

/** The call's payload: `rule_id` comma-joined; a blank password left out. */
export function accountPayload(v: AccountFormValues) {
  return {
    name: v.name.trim(),
    account: v.account,
    password: v.password || undefined,
    password_confirmation: v.password_confirmation || undefined,
    status: v.status,
    rule_id: v.rule_id.includes(ALL_RULES) ? ALL_RULES : v.rule_id.join(','),
  }
}

export function createAccount(values: AccountFormValues) {
  return api.post('adminUserAdd', accountPayload(values))
}

export function useCreateAccount() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: accountsQueryOptions().queryKey.slice(0, 1) }),
  })
}
