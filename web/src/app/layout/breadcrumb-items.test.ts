import { describe, expect, it } from 'vitest'
import { findRoute } from '../route-access'
import { appRoutes } from '../route-table'
import { breadcrumbItems } from './breadcrumb-items'

const crumbs = (path: string) => breadcrumbItems(findRoute(appRoutes, path))

describe('breadcrumb', () => {
  it('starts with 首页 and links every page but the group', () => {
    expect(crumbs('/adminlog')).toEqual([
      { title: 'common:home', path: '/' },
      { title: 'routes:permission', path: undefined },
      { title: 'routes:adminLog', path: '/adminlog' },
    ])
    expect(crumbs('/order/index')).toEqual([
      { title: 'common:home', path: '/' },
      { title: 'routes:order', path: '/order/index' },
    ])
  })

  it('has no 首页 prefix when the first entry is the dashboard', () => {
    expect(crumbs('/dashboard')).toEqual([{ title: 'routes:dashboard', path: '/dashboard' }])
  })

  it('is empty outside the route table', () => {
    expect(breadcrumbItems(undefined)).toEqual([])
  })
})
