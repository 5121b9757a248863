import { api } from '@/lib/api-client'
import { getToken } from '@/lib/session'

export function logout() {
  return api.post('adminUserLoginout', { token: getToken() })
}
