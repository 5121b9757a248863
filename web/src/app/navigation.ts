import NProgress from 'nprogress'
import { useEffect } from 'react'
import { i18n, useTranslation } from '@/lib/i18n'
import { useLocation } from '@/lib/router'
import { findRoute } from './route-access'
import { appRoutes, bareRoutes } from './route-table'

// The stock template gives the bar role="bar", which is no ARIA role (axe: aria-roles); the bar
// is decoration, the page title and content announce the navigation.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
})

/** Route title + the suffix meaning 'management system' (docs/screens.md "Routes and layout"). */
export function pageTitle(pathname: string) {
  const suffix = i18n.t('common:appTitle')
  const bare = Object.values(bareRoutes).find((r) => r.path === pathname)
  const key = bare?.title ?? findRoute(appRoutes, pathname)?.route.title
  return key ? `${i18n.t(`routes:${key}`)} - ${suffix}` : suffix
}

/** On every navigation: a progress bar (held while a page chunk loads) and the page title. */
export function useNavigationFeedback() {
  const { key, pathname } = useLocation()
  const { i18n: instance } = useTranslation()
  useEffect(() => {
    NProgress.start()
    // Done at once unless a lazy page holds it (PageProgress).
    const timer = setTimeout(() => NProgress.done(), 100)
    return () => clearTimeout(timer)
  }, [key])
  useEffect(() => {
    document.title = pageTitle(pathname)
  }, [pathname, instance.language])
}

/** Suspense fallback while a page chunk loads: keeps the progress bar running. */
export function PageProgress() {
  useEffect(() => {
    NProgress.start()
    return () => void NProgress.done()
  }, [])
  return null
}
