import { useMemo, useSyncExternalStore } from 'react'

export type HashLocation = { path: string; query: URLSearchParams }

export function parseHash(hash: string): HashLocation {
  const raw = hash.replace(/^#/, '')
  const q = raw.indexOf('?')
  const path = (q < 0 ? raw : raw.slice(0, q)) || '/'
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) }
}

function subscribe(listener: () => void) {
  window.addEventListener('hashchange', listener)
  return () => window.removeEventListener('hashchange', listener)
}

const getHash = () => window.location.hash

/** The current hash route; re-renders on every hash change. */
export function useHashLocation(): HashLocation {
  const hash = useSyncExternalStore(subscribe, getHash, getHash)
  return useMemo(() => parseHash(hash), [hash])
}

export function currentPath() {
  return parseHash(window.location.hash).path
}

export function navigate(to: string, { replace = false } = {}) {
  if (replace) window.location.replace(`#${to}`)
  else window.location.hash = to
}

/** `/login?redirect=…`, keeping slashes readable in the address bar. */
export function loginPath(redirect?: string) {
  if (!redirect || redirect === '/login') return '/login'
  return `/login?redirect=${encodeURIComponent(redirect).replace(/%2F/g, '/')}`
}
