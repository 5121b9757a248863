import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'

// The app's router: react-router 7's behaviour for what the app uses of it (12 KB
// gzip less in the shell) — a hash router, a memory router for tests, static routes under a
// layout route with `*` for the rest, Link, Navigate, and the location, navigate and search
// params hooks. router.diff.test.tsx drives it and react-router side by side.

export type Location = { pathname: string; search: string; hash: string; key: string }
type To = string
type NavigateOptions = { replace?: boolean }
export type NavigateFunction = { (to: To, options?: NavigateOptions): void; (delta: number): void }

/** Where the router keeps its entries: the window's history under the hash, or memory. */
type History = {
  location: () => Location
  push: (to: To) => void
  replace: (to: To) => void
  go: (delta: number) => void
  href: (to: To) => string
  listen: (fn: () => void) => () => void
}

const newKey = () => Math.random().toString(36).slice(2, 10)

function parsePath(path: string): Omit<Location, 'key'> {
  const hashAt = path.indexOf('#')
  const hash = hashAt >= 0 ? path.slice(hashAt) : ''
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path
  const searchAt = rest.indexOf('?')
  const search = searchAt >= 0 ? rest.slice(searchAt) : ''
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash }
}

/** `to` from `from`: a path as given, or only a new query (`?a=1`) on the same path. */
function resolve(to: To, from: Location): Omit<Location, 'key'> {
  const next = parsePath(to)
  return to.startsWith('?') || to === '' ? { ...next, pathname: from.pathname } : next
}

const pathOf = (l: Omit<Location, 'key'>) => `${l.pathname}${l.search}${l.hash}`

function hashHistory(): History {
  const read = (): Location => {
    const parsed = parsePath(window.location.hash.slice(1))
    const pathname = parsed.pathname || '/'
    const state = window.history.state as { key?: string } | null
    return { ...parsed, pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, key: state?.key ?? 'default' }
  }
  let location = read()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  const write = (to: To, replace: boolean) => {
    const next = resolve(to, location)
    const key = newKey()
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + (replace ? 0 : 1)
    window.history[replace ? 'replaceState' : 'pushState']({ usr: null, key, idx: index }, '', `#${pathOf(next)}`)
    location = { ...next, key }
    notify()
  }
  if ((window.history.state as { idx?: number } | null)?.idx == null) window.history.replaceState({ ...window.history.state, idx: 0 }, '')
  return {
    location: () => location,
    push: (to) => write(to, false),
    replace: (to) => write(to, true),
    go: (delta) => window.history.go(delta),
    href: (to) => `#${to}`,
    listen(fn) {
      const onPop = () => {
        location = read()
        fn()
      }
      listeners.add(fn)
      window.addEventListener('popstate', onPop)
      return () => {
        listeners.delete(fn)
        window.removeEventListener('popstate', onPop)
      }
    },
  }
}

function memoryHistory(entries: string[]): History {
  const stack: Location[] = entries.map((e, i) => ({ ...parsePath(e), key: i === 0 ? 'default' : newKey() }))
  let index = stack.length - 1
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  return {
    location: () => stack[index],
    push(to) {
      stack.splice(index + 1, stack.length, { ...resolve(to, stack[index]), key: newKey() })
      index++
      notify()
    },
    replace(to) {
      stack[index] = { ...resolve(to, stack[index]), key: newKey() }
      notify()
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), stack.length - 1)
      notify()
    },
    href: (to) => to,
    listen(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
  }
}

type RouterState = { history: History; location: Location }
const RouterContext = createContext<RouterState | null>(null)
const OutletContext = createContext<ReactNode>(null)

function useRouter(): RouterState {
  const router = useContext(RouterContext)
  if (!router) throw new Error('useLocation() may be used only in the context of a <Router> component.')
  return router
}

/** Re-renders on every change of the history's location, in a transition (a page still loading keeps the last one on screen). */
function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location)
  useLayoutEffect(() => history.listen(() => startTransition(() => setLocation(history.location()))), [history])
  const value = useMemo(() => ({ history, location }), [history, location])
  return <RouterContext value={value}>{children}</RouterContext>
}

export function HashRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(hashHistory)
  return <Router history={history}>{children}</Router>
}

export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries))
  return <Router history={history}>{children}</Router>
}

export const useLocation = (): Location => useRouter().location

/** `navigate(path)`, `navigate(path, { replace: true })`, `navigate(-1)`; ignored while the calling component first renders. */
export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter()
  const active = useRef(false)
  useLayoutEffect(() => {
    active.current = true
  })
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (!active.current) return
      if (typeof to === 'number') history.go(to)
      else if (options.replace) history.replace(to)
      else history.push(to)
    },
    // A new function on each path, as react-router's: effects that depend on it run again.
    [history, location.pathname],
  ) as NavigateFunction
}

type SearchInit = URLSearchParams | Record<string, string> | string
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const navigate = useNavigate()
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next
      navigate(`?${new URLSearchParams(value)}`, options)
    },
    [navigate, params],
  )
  return [params, set]
}

export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace }), [navigate, to, replace])
  return null
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; ref?: Ref<HTMLAnchorElement> }

/** A link that navigates in the app on a plain left click (to the page shown: in place of it) and is an ordinary link otherwise. */
export function Link({ to, replace, onClick, target, ref, ...rest }: LinkProps) {
  const { history, location } = useRouter()
  const navigate = useNavigate()
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    navigate(to, { replace: replace ?? pathOf(location) === pathOf(resolve(to, location)) })
  }
  return <a {...rest} ref={ref} href={history.href(to)} target={target} onClick={click} />
}

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode }
/** A route: `path` (static, or `*` for any other), its `element`, and child routes shown in its `<Outlet />`. */
export function Route(_: RouteProps): ReactElement | null {
  return null
}

type Branch = { path: string; elements: ReactNode[] }

function branches(children: ReactNode, parents: ReactNode[] = []): Branch[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<RouteProps>(child)) return []
    const { path, element, children: nested } = child.props
    const chain = [...parents, element ?? <Outlet />]
    return nested ? branches(nested, chain) : path === undefined ? [] : [{ path, elements: chain }]
  })
}

// As react-router: case and a trailing slash don't matter, %-escapes are read.
const normal = (p: string) => {
  let decoded = p
  try {
    decoded = decodeURI(p)
  } catch {
    // Malformed escapes are compared as written.
  }
  return decoded.toLowerCase().replace(/(.)\/+$/, '$1')
}

/** The routes' elements for the location: the static path that matches, else `*`; each parent's element around its child's. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation()
  const all = branches(children)
  const found = all.find((b) => b.path !== '*' && normal(b.path) === normal(pathname)) ?? all.find((b) => b.path === '*')
  if (!found) return null
  return found.elements.reduceRight<ReactNode>((inner, element) => <OutletContext value={inner}>{element}</OutletContext>, null)
}

/** Where a layout route shows its matched child. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>
}
