import { api } from '@/lib/api-client'
import type { CallData } from '@/types/call'

export type LoginInput = { acc: string; pwd: string }
export type LoginResult = CallData<'adminUserLogin'>
export type LoginErrors = Partial<Record<keyof LoginInput, string>>

export const PASSWORD_MIN = 6

/** Validation answers are keys of the `auth` namespace (the form translates them). */
export function validateAccount(acc: string) {
  return acc.trim().length > 0 ? undefined : 'accountInvalid'
}

export function validatePassword(pwd: string) {
  return pwd.length >= PASSWORD_MIN ? undefined : 'passwordTooShort'
}

export function validateLogin(input: LoginInput): LoginErrors {
  const errors: LoginErrors = {}
  const acc = validateAccount(input.acc)
  const pwd = validatePassword(input.pwd)
  if (acc) errors.acc = acc
  if (pwd) errors.pwd = pwd
  return errors
}

/** The spec's login is form-encoded. */
export function login(input: LoginInput) {
  return api.post('adminUserLogin', { acc: input.acc.trim(), pwd: input.pwd }, { form: true })
}
