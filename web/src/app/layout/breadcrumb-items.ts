import { paths } from '@/config/paths'
import type { RouteHandle } from '../route-table'

/** One breadcrumb entry: an i18n key (with namespace) and, unless it is not a page, its path. */
export type Crumb = { title: string; path?: string }

/** The route chain, with 首页 first unless the chain starts at the dashboard (docs/screens.md "Routes and layout"). */
export function breadcrumbItems(handle: RouteHandle | undefined): Crumb[] {
  if (!handle) return []
  const chain: Crumb[] = [...handle.parents, handle.route].map((r) => ({
    title: `routes:${r.title}`,
    path: r.children ? undefined : r.path,
  }))
  if (chain[0]?.path === paths.dashboard) return chain
  return [{ title: 'common:home', path: paths.root }, ...chain]
}
