import { useSyncExternalStore } from 'react'
import { storageKeys } from '@/config/storage-keys'
import { readCookie, removeCookie, writeCookie } from '@/lib/cookies'

export type Session = { token: string; id: number; name: string; ruleId: string }

// Cookie names of the original admin (docs/screens.md "Routes and layout": admin token, user id, rules).
const COOKIE = {
  token: storageKeys.token,
  id: storageKeys.userId,
  name: storageKeys.userName,
  rules: storageKeys.rules,
} as const

function read(): Session | null {
  const token = readCookie(COOKIE.token)
  if (!token) return null
  return {
    token,
    id: Number(readCookie(COOKIE.id) ?? 0),
    name: readCookie(COOKIE.name) ?? '',
    ruleId: readCookie(COOKIE.rules) ?? '',
  }
}

// Cached so useSyncExternalStore sees a stable snapshot; `undefined` means not read yet.
let cached: Session | null | undefined
const listeners = new Set<() => void>()

export function getSession(): Session | null {
  if (cached === undefined) cached = read()
  return cached
}

export const getToken = () => getSession()?.token

/** The user's roles: `*` or route names such as `/order`, from the sign-in answer's rule_id. */
export function getRoles(session: Session | null = getSession()): string[] {
  return (session?.ruleId ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
}

// Session cookies (no expiry): the server's idle timeout decides how long a token lives.
export function setSession(session: Session) {
  writeCookie(COOKIE.token, session.token)
  writeCookie(COOKIE.id, String(session.id))
  writeCookie(COOKIE.name, session.name)
  writeCookie(COOKIE.rules, session.ruleId)
  cached = read()
  listeners.forEach((l) => l())
}

/** Logout: token, user id, roles and every open tab go (docs/screens.md "Routes and layout"). */
export function clearSession() {
  Object.values(COOKIE).forEach(removeCookie)
  try {
    sessionStorage.removeItem(storageKeys.tags)
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
  cached = null
  listeners.forEach((l) => l())
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}
