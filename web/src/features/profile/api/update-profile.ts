import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from '@/lib/i18n'
import { z } from '@/lib/schema'
import { api } from '@/lib/api-client'
import { profileQueryOptions } from './get-profile'

export const PROFILE_FIELDS = ['name', 'oldPassword', 'password', 'password_confirmation'] as const

export type ProfileFormValues = { name: string; oldPassword: string; password: string; password_confirmation: string }

/** The own name, and a new password only with the current one; blank keeps the password. */
export function profileSchema(t: TFunction<'admin'>) {
  return z
    .object({
      name: z.string().trim().min(1, t('validation.nameRequired')).max(50, t('validation.nameTooLong')),
      oldPassword: z.string(),
      password: z.string(),
      password_confirmation: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!v.password) return
      const issue = (path: keyof ProfileFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
      if (!v.oldPassword) issue('oldPassword', t('validation.oldPasswordRequired'))
      if (v.password.length < 6) issue('password', t('validation.passwordMin'))
      if (!v.password_confirmation) issue('password_confirmation', t('validation.confirmRequired'))
      else if (v.password_confirmation !== v.password) issue('password_confirmation', t('validation.confirmMismatch'))
    })
}

export function updateProfile(v: ProfileFormValues) {
  const withPassword = v.password !== ''
  return api.post('adminUserProfileUp', {
    name: v.name.trim(),
    oldPassword: withPassword ? v.oldPassword : undefined,
    password: withPassword ? v.password : undefined,
    password_confirmation: withPassword ? v.password_confirmation : undefined,
  })
}

export function useUpdateProfile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(profileQueryOptions().queryKey, profile),
  })
}
