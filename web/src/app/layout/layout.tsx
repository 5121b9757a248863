import { Fragment, Suspense, useEffect } from 'react'
import { Outlet, useLocation } from '@/lib/router'
import { useStore } from '@/lib/store'
import { PageProgress } from '../navigation'
import { settingsStore, sidebarStore } from '../preferences'
import { RouteErrorBoundary } from '../routes/route-error'
import { Navbar } from './navbar'
import { useProgressLog } from './progress-log'
import { ProgressPanel } from './progress-panel'
import { Sidebar } from './sidebar'
import { TagsView } from './tags-view'
import { mobileMenuStore, useAllowedRoutes, useIsMobile, viewKeyStore } from './use-shell'
import { useTrackTags } from './use-track-tags'
import './layout.css'

/** The common layout of every signed-in page (docs/screens.md "Routes and layout"). */
export function Layout() {
  const settings = useStore(settingsStore)
  const opened = useStore(sidebarStore)
  const mobileOpen = useStore(mobileMenuStore)
  const viewKey = useStore(viewKeyStore)
  const mobile = useIsMobile()
  const { pathname } = useLocation()
  useTrackTags(useAllowedRoutes())
  const progress = useProgressLog()

  // The mobile drawer closes after navigation, on leaving mobile width and on Escape.
  useEffect(() => mobileMenuStore.set(false), [pathname, mobile])
  useEffect(() => {
    if (!mobileOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && mobileMenuStore.set(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [mobileOpen])

  const collapsed = !mobile && !opened
  const cls = ['app-wrapper', mobile && 'is-mobile', collapsed && 'is-collapsed', settings.fixedHeader && 'has-fixed-header']
  return (
    <div className={cls.filter(Boolean).join(' ')}>
      {mobile && mobileOpen && <div className="app-wrapper__backdrop" aria-hidden="true" onClick={() => mobileMenuStore.set(false)} />}
      <Sidebar collapsed={collapsed} mobile={mobile} open={mobileOpen} />
      <div className="main-container">
        <div className="app-header">
          <Navbar />
          {settings.tagsView && <TagsView />}
        </div>
        <main className="app-main" id="main-content">
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageProgress />}>
              {/* Keyed: 刷新 remounts the page. */}
              <Fragment key={viewKey}>
                <Outlet />
              </Fragment>
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
      {progress.open && <ProgressPanel entries={progress.entries} received={progress.received} onClose={progress.close} />}
    </div>
  )
}
