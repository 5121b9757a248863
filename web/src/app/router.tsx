import { useEffect, type ReactNode } from 'react'
import { env } from '@/config/env'
import { paths } from '@/config/paths'
import { LoginRoute } from '@/features/auth/routes/login'
import { loginPath, navigate, useHashLocation, type HashLocation } from '@/lib/hash-location'
import { useSession } from '@/lib/session'
import { HomeRoute } from './routes/home'
import { NotFoundRoute } from './routes/not-found'

type Route = { title: string; public?: boolean; render: (loc: HashLocation) => ReactNode }

const routes: Record<string, Route> = {
  [paths.login]: { title: '系统登录', public: true, render: (loc) => <LoginRoute query={loc.query} /> },
  [paths.home]: { title: '订单汇总', render: () => <HomeRoute /> },
  [paths.notFound]: { title: '404', public: true, render: () => <NotFoundRoute /> },
}

/** The navigation guard: where to send the user instead, or null to show the path. */
export function redirectFor(path: string, signedIn: boolean): string | null {
  if (path === '/') return paths.home
  if (signedIn) {
    if (path === paths.login) return paths.home
    return routes[path] ? null : paths.notFound
  }
  return routes[path]?.public ? null : loginPath(path)
}

export function AppRouter() {
  const loc = useHashLocation()
  const signedIn = useSession() !== null
  const target = redirectFor(loc.path, signedIn)
  const route = target ? undefined : routes[loc.path]

  useEffect(() => {
    if (target) navigate(target, { replace: true })
  }, [target])

  useEffect(() => {
    if (route) document.title = `${route.title} - ${env.appTitle}`
  }, [route])

  return route ? route.render(loc) : null
}
