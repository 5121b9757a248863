import type { ComponentType } from 'react'
import type { IconName } from '@/app/layout/icons'

type PageModule = { default: ComponentType }

export type AppRoute = {
  /** Hash path; a group's path is only a key (its children carry the real paths). */
  path: string
  /** Key in the `routes` i18n namespace. */
  title: string
  /** Allowed roles: '*', the route name ('/order') or 'admin'. None: every signed-in user. */
  roles?: string[]
  icon?: IconName
  /** Pinned in the tags view, no close button. */
  affix?: boolean
  /** Reachable but not in the sidebar or the header search. */
  hidden?: boolean
  children?: AppRoute[]
  page?: () => Promise<PageModule>
}

/** The routes of docs/screens.md "Routes and layout" in sidebar order; menu ids in comments. */
export const appRoutes: AppRoute[] = [
  {
    path: '/order/index', // 112
    title: 'order',
    roles: ['*', '/order'],
    icon: 'order',
    // The home page: its tab is there from the start; every other page gets one when visited.
    affix: true,
    page: () => import('@/features/orders/routes/orders-page'),
  },
  {
    path: '/client/index', // 145
    title: 'client',
    roles: ['*', '/client'],
    icon: 'client',
    page: () => import('@/features/customers/routes/customers-page'),
  },
  {
    path: '/networkViewingManagement/index', // 107
    title: 'networkViewing',
    roles: ['*', '/networkViewingManagement'],
    icon: 'viewing',
    page: () => import('@/features/network-viewing/routes/network-viewing-page'),
  },
  {
    path: '/dashboard', // 155
    title: 'dashboard',
    roles: ['*', '/dashboard'],
    icon: 'dashboard',
    page: () => import('@/features/dashboard/routes/dashboard-page'),
  },
  {
    path: '/productMagneticTape/index', // 89
    title: 'productTape',
    roles: ['*', '/productMagneticTape'],
    icon: 'tape',
    page: () => import('@/features/tapes/routes/tapes-page'),
  },
  {
    path: '/timePeriodManagement/index', // 63
    title: 'timePeriod',
    roles: ['*', '/timePeriodManagement'],
    icon: 'clock',
    page: () => import('@/features/time-periods/routes/time-periods-page'),
  },
  { path: '/product/index', title: 'product', roles: ['*', '/product'], icon: 'product', page: () => import('@/features/products/routes/products-page') }, // 82
  { path: '/suit/index', title: 'suit', roles: ['*', '/suit'], icon: 'suit', page: () => import('@/features/suits/routes/suits-page') }, // 98
  {
    path: '/permission', // 24
    title: 'permission',
    roles: ['admin', '/admin'],
    icon: 'lock',
    children: [
      { path: '/admin', title: 'adminList', roles: ['/admin/list'], icon: 'user', page: () => import('@/features/accounts/routes/accounts-page') }, // 27
      { path: '/adminlog', title: 'adminLog', roles: ['/adminlog'], icon: 'list', page: () => import('@/features/admin-log/routes/admin-log-page') }, // 25
      { path: '/menu', title: 'menu', roles: ['/menu'], icon: 'menu', page: () => import('@/features/menus/routes/menus-page') }, // 13
    ],
  },
  { path: '/system/systemIndex', title: 'system', roles: ['*', '/system'], icon: 'setting', page: () => import('@/features/system/routes/system-page') }, // 28
  { path: '/file/fileIndex', title: 'file', roles: ['*', '/file'], icon: 'file', page: () => import('@/features/files/routes/files-page') }, // 29
  { path: '/profile/index', title: 'profile', hidden: true, icon: 'user', page: () => import('@/features/profile/routes/profile-page') },
  { path: '/401', title: 'unauthorized', hidden: true, page: () => import('@/app/routes/unauthorized') },
  { path: '/404', title: 'notFound', hidden: true, page: () => import('@/app/routes/not-found') },
]

/** A page's table entry and its ancestors (outermost first). */
export type RouteHandle = { route: AppRoute; parents: AppRoute[] }

/** Pages outside the menu table (no layout). */
export const bareRoutes = {
  login: { path: '/login', title: 'login', hidden: true },
  authRedirect: { path: '/auth-redirect', title: 'authRedirect', hidden: true },
} satisfies Record<string, AppRoute>
