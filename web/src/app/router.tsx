import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { setNavigator } from '@/lib/hash-location'
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from '@/lib/router'
import { getRoles, useSession } from '@/lib/session'
import { PageProgress, useNavigationFeedback } from './navigation'
import { flattenRoutes, guardRedirect } from './route-access'
import { appRoutes, type AppRoute } from './route-table'
import { RouteErrorBoundary } from './routes/route-error'

// Every page is its own chunk, loaded on first visit; routes sharing a page share its component.
const lazyPages = new Map<NonNullable<AppRoute['page']>, ReturnType<typeof lazy>>()
const pages = flattenRoutes(appRoutes).map(({ route }) => {
  const load = route.page!
  if (!lazyPages.has(load)) lazyPages.set(load, lazy(load))
  return { path: route.path, Page: lazyPages.get(load)! }
})
const LoginPage = lazy(() => import('./routes/login'))
const AuthRedirectPage = lazy(() => import('./routes/auth-redirect'))
const Layout = lazy(() => import('./layout/layout').then((m) => ({ default: m.Layout })))

/**
 * The navigation guard (docs/screens.md "Routes and layout"), re-checked on every location and session change: renders
 * its children, or redirects (login with the wanted path, home, or /404 for a route the roles
 * don't open).
 */
function Guard({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation()
  const session = useSession()
  const target = guardRedirect(pathname + search, session ? getRoles(session) : null)
  return target ? <Navigate to={target} replace /> : children
}

/** Progress bar, page title, and navigation for code outside React (the API client). */
function NavigationEffects() {
  const navigate = useNavigate()
  useEffect(() => {
    setNavigator((to, { replace }) => void navigate(to, { replace }))
    return () => setNavigator(null)
  }, [navigate])
  useNavigationFeedback()
  return null
}

export function AppRouter() {
  return (
    <HashRouter>
      <NavigationEffects />
      <RouteErrorBoundary>
        <Suspense fallback={<PageProgress />}>
          <Routes>
            <Route path="/" element={<Guard />} />
            <Route path="/login" element={<Guard><LoginPage /></Guard>} />
            <Route path="/auth-redirect" element={<Guard><AuthRedirectPage /></Guard>} />
            <Route element={<Guard><Layout /></Guard>}>
              {pages.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              {/* Unknown paths: the guard sends them to /404 (or to login). */}
              <Route path="*" element={null} />
            </Route>
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </HashRouter>
  )
}
