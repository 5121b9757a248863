import { useMemo, useSyncExternalStore } from 'react'
import { useLocation } from '@/lib/router'
import { getRoles, useSession } from '@/lib/session'
import { createStore } from '@/lib/store'
import { filterRoutes, findRoute } from '../route-access'
import { appRoutes, type RouteHandle } from '../route-table'

/** The routes the signed-in user's roles open. */
export function useAllowedRoutes() {
  const session = useSession()
  return useMemo(() => filterRoutes(appRoutes, getRoles(session)), [session])
}

/** The table entry of the current page, if any. */
export function useCurrentHandle(): RouteHandle | undefined {
  const { pathname } = useLocation()
  return useMemo(() => findRoute(appRoutes, pathname), [pathname])
}

// Below 992 px the layout switches to mobile (docs/screens.md "Routes and layout").
const MOBILE_QUERY = '(max-width: 991.98px)'

function subscribeMedia(listener: () => void) {
  const mql = window.matchMedia?.(MOBILE_QUERY)
  mql?.addEventListener('change', listener)
  return () => mql?.removeEventListener('change', listener)
}

const isMobileNow = () => window.matchMedia?.(MOBILE_QUERY).matches ?? false

export function useIsMobile() {
  return useSyncExternalStore(subscribeMedia, isMobileNow, () => false)
}

/** Bumped by the tags view's 刷新 to remount the current page. */
export const viewKeyStore = createStore(0)

/** The mobile sidebar drawer. */
export const mobileMenuStore = createStore(false)
