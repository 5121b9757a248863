import { useSyncExternalStore } from 'react'

export type Session = { token: string; id: number; name: string; ruleId: string }

// Cookie names of the original admin (spec §6: admin token, user id, rules).
const COOKIE = { token: 'Admin-Token', id: 'User-Id', name: 'User-Name', rules: 'Rules' } as const

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=')
    if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1))
  }
  return undefined
}

// Session cookies (no expiry): the server's idle timeout decides how long a token lives.
function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
}

function removeCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`
}

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

export function setSession(session: Session) {
  writeCookie(COOKIE.token, session.token)
  writeCookie(COOKIE.id, String(session.id))
  writeCookie(COOKIE.name, session.name)
  writeCookie(COOKIE.rules, session.ruleId)
  cached = read()
  listeners.forEach((l) => l())
}

export function clearSession() {
  Object.values(COOKIE).forEach(removeCookie)
  cached = null
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useSession() {
  return useSyncExternalStore(subscribe, getSession, getSession)
}
