import { paths } from '@/config/paths'
import { loginPath } from '@/lib/hash-location'
import { afterLoginPath } from '@/features/auth/routes/login'
import { appRoutes, type AppRoute, type RouteHandle } from './route-table'

/** A route is open to users holding '*' or one of its roles; a route without roles to everyone. */
export function hasPermission(roles: readonly string[], route: AppRoute) {
  if (!route.roles) return true
  return roles.includes('*') || route.roles.some((r) => roles.includes(r))
}

/**
 * The routes a user may reach. A group's roles also open its children (as on the server,
 * where holding a parent menu grants its children); a group stays when it keeps a child.
 */
export function filterRoutes(routes: readonly AppRoute[], roles: readonly string[]): AppRoute[] {
  return routes.flatMap((route) => {
    if (!route.children) return hasPermission(roles, route) ? [route] : []
    const viaGroup = route.roles !== undefined && hasPermission(roles, route)
    const children = route.children.filter((c) => viaGroup || hasPermission(roles, c))
    return children.length ? [{ ...route, children }] : []
  })
}

/** Leaf routes with their chain of ancestors (outermost first). */
export function flattenRoutes(routes: readonly AppRoute[], parents: AppRoute[] = []): RouteHandle[] {
  return routes.flatMap((route) =>
    route.children ? flattenRoutes(route.children, [...parents, route]) : [{ route, parents }],
  )
}

export function findRoute(routes: readonly AppRoute[], path: string) {
  return flattenRoutes(routes).find((r) => r.route.path === path)
}

/** The user's landing page: the order summary, or the first menu they hold. */
export function homePath(roles: readonly string[], routes: readonly AppRoute[] = appRoutes) {
  const allowed = flattenRoutes(filterRoutes(routes, roles)).filter((r) => !r.route.hidden)
  if (allowed.some((r) => r.route.path === paths.home)) return paths.home
  return allowed[0]?.route.path ?? paths.profile
}

/** Where a signed-in user goes for `fullPath` (path and query): itself when allowed, else home. */
export function allowedTarget(fullPath: string, roles: readonly string[], routes: readonly AppRoute[] = appRoutes) {
  const path = fullPath.split('?')[0]
  if (path === paths.root) return homePath(roles, routes)
  return findRoute(filterRoutes(routes, roles), path) ? fullPath : homePath(roles, routes)
}

/**
 * The navigation guard (docs/screens.md "Routes and layout"): the path to go to instead of `fullPath`, or null to show it.
 * Without a session only public pages pass; with one, /login goes on to its redirect target
 * (home by default, as the login screen itself does), and a route the roles don't open (or
 * that doesn't exist) shows /404, as if it were not there.
 */
export function guardRedirect(fullPath: string, roles: readonly string[] | null, routes: readonly AppRoute[] = appRoutes) {
  const path = fullPath.split('?')[0]
  const publicPaths: string[] = [paths.login, paths.authRedirect]
  if (roles === null) {
    if (publicPaths.includes(path)) return null
    return loginPath(fullPath)
  }
  if (path === paths.root) return homePath(roles, routes)
  if (path === paths.login) {
    const query = new URLSearchParams(fullPath.slice(path.length + 1))
    return allowedTarget(afterLoginPath(query), roles, routes)
  }
  if (path === paths.authRedirect) return null
  return findRoute(filterRoutes(routes, roles), path) ? null : paths.notFound
}
