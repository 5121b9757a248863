export type HashLocation = { path: string; query: URLSearchParams }

export function parseHash(hash: string): HashLocation {
  const raw = hash.replace(/^#/, '')
  const q = raw.indexOf('?')
  const path = (q < 0 ? raw : raw.slice(0, q)) || '/'
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) }
}

export function currentPath() {
  return parseHash(window.location.hash).path
}

/** Path and query of the current hash route, e.g. `/order/index?a=1`. */
export function currentFullPath() {
  const raw = window.location.hash.replace(/^#/, '')
  return raw.startsWith('/') ? raw : `/${raw}`
}

type Navigator = (to: string, opts: { replace: boolean }) => void
let navigator: Navigator | null = null

/** The router registers itself so code outside React (the API client) navigates through it. */
export function setNavigator(fn: Navigator | null) {
  navigator = fn
}

export function navigate(to: string, { replace = false } = {}) {
  if (navigator) navigator(to, { replace })
  else if (replace) window.location.replace(`#${to}`)
  else window.location.hash = to
}

/** `/login?redirect=…`, keeping slashes readable in the address bar. */
export function loginPath(redirect?: string) {
  if (!redirect || redirect === '/login' || redirect.startsWith('/login?')) return '/login'
  return `/login?redirect=${encodeURIComponent(redirect).replace(/%2F/g, '/')}`
}
