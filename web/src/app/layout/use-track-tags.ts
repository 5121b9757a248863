import { useEffect } from 'react'
import { paths } from '@/config/paths'
import { useLocation } from '@/lib/router'
import { findRoute, flattenRoutes } from '../route-access'
import type { AppRoute } from '../route-table'
import { ensureAffix, keepTags, openTag } from './tags-store'
import { useCurrentHandle } from './use-shell'

const untracked: string[] = [paths.notFound, paths.unauthorized]

/** Keeps the tags view in step with navigation: pinned tabs first, one tab per visited page. */
export function useTrackTags(allowed: AppRoute[]) {
  const { pathname, search } = useLocation()
  const handle = useCurrentHandle()

  useEffect(() => {
    keepTags((path) => !!findRoute(allowed, path))
    const affix = flattenRoutes(allowed).filter(({ route }) => route.affix)
    ensureAffix(affix.map(({ route }) => ({ path: route.path, fullPath: route.path, title: route.title, affix: true })))
  }, [allowed])

  useEffect(() => {
    const route = handle?.route
    if (!route || route.path !== pathname || untracked.includes(route.path)) return
    openTag({ path: route.path, fullPath: pathname + search, title: route.title })
  }, [handle, pathname, search])
}
