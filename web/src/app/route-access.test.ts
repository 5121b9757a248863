import { describe, expect, it } from 'vitest'
import { afterLoginPath } from '@/features/auth/routes/login'
import { allowedTarget, filterRoutes, findRoute, flattenRoutes, guardRedirect, hasPermission, homePath } from './route-access'
import { appRoutes } from './route-table'

const leafPaths = (roles: string[]) => flattenRoutes(filterRoutes(appRoutes, roles)).map((r) => r.route.path)

describe('route filtering by roles', () => {
  it('keeps a route for "*" or any of its roles, and role-less routes for everyone', () => {
    const order = findRoute(appRoutes, '/order/index')!.route
    expect(hasPermission(['*'], order)).toBe(true)
    expect(hasPermission(['/order'], order)).toBe(true)
    expect(hasPermission(['/client'], order)).toBe(false)
    expect(hasPermission([], findRoute(appRoutes, '/profile/index')!.route)).toBe(true)
  })

  it('gives "*" every route, the permission group included', () => {
    const all = leafPaths(['*'])
    expect(all).toEqual(expect.arrayContaining(['/order/index', '/dashboard', '/admin', '/adminlog', '/menu', '/file/fileIndex']))
    expect(filterRoutes(appRoutes, ['*']).find((r) => r.title === 'permission')?.children).toHaveLength(3)
  })

  it('limits a clerk holding /order to the order summary and the pages open to all', () => {
    expect(leafPaths(['/order'])).toEqual(['/order/index', '/profile/index', '/401', '/404'])
    expect(filterRoutes(appRoutes, ['/order']).some((r) => r.title === 'permission')).toBe(false)
  })

  it('opens the whole group through its own role, and single children through theirs', () => {
    expect(leafPaths(['/admin'])).toEqual(expect.arrayContaining(['/admin', '/adminlog', '/menu']))
    expect(leafPaths(['admin'])).toEqual(expect.arrayContaining(['/admin', '/adminlog', '/menu']))
    const onlyLog = filterRoutes(appRoutes, ['/adminlog']).find((r) => r.title === 'permission')
    expect(onlyLog?.children?.map((c) => c.path)).toEqual(['/adminlog'])
    expect(leafPaths(['/order', '/admin', '/admin/list', '/adminlog', '/menu'])).toContain('/menu')
  })

  it('sends users home to the order summary, or to their first menu without it', () => {
    expect(homePath(['*'])).toBe('/order/index')
    expect(homePath(['/suit', '/client'])).toBe('/client/index')
    expect(homePath([])).toBe('/profile/index')
  })
})

describe('navigation guard', () => {
  it('sends visitors without a token to login with the wanted path', () => {
    expect(guardRedirect('/order/index', null)).toBe('/login?redirect=/order/index')
    expect(guardRedirect('/order/index?a=1', null)).toBe('/login?redirect=/order/index%3Fa%3D1')
    expect(guardRedirect('/nowhere', null)).toBe('/login?redirect=/nowhere')
    expect(guardRedirect('/404', null)).toBe('/login?redirect=/404')
    expect(guardRedirect('/login', null)).toBeNull()
    expect(guardRedirect('/auth-redirect?code=1', null)).toBeNull()
  })

  it('keeps signed-in users off the login page and sends unknown or forbidden paths to 404', () => {
    expect(guardRedirect('/login', ['*'])).toBe('/order/index')
    expect(guardRedirect('/login?redirect=/menu&a=1', ['*'])).toBe('/menu?a=1')
    expect(guardRedirect('/login?redirect=/menu', ['/order'])).toBe('/order/index')
    expect(guardRedirect('/', ['*'])).toBe('/order/index')
    expect(guardRedirect('/', ['/suit'])).toBe('/suit/index')
    expect(guardRedirect('/order/index', ['*'])).toBeNull()
    expect(guardRedirect('/nowhere', ['*'])).toBe('/404')
    expect(guardRedirect('/menu', ['/order'])).toBe('/404')
    expect(guardRedirect('/admin', ['/order'])).toBe('/404')
    expect(guardRedirect('/404', ['/order'])).toBeNull()
    expect(guardRedirect('/profile/index', ['/order'])).toBeNull()
  })

  it('goes to the redirect after login, keeping the other query parameters, if the roles allow it', () => {
    expect(afterLoginPath(new URLSearchParams('redirect=/product/index&a=1'))).toBe('/product/index?a=1')
    expect(afterLoginPath(new URLSearchParams(''))).toBe('/order/index')
    expect(afterLoginPath(new URLSearchParams('redirect=https://evil.example'))).toBe('/order/index')
    expect(allowedTarget('/product/index?a=1', ['*'])).toBe('/product/index?a=1')
    expect(allowedTarget('/menu', ['/order'])).toBe('/order/index')
    expect(allowedTarget('/order/index', ['/client'])).toBe('/client/index')
  })
})
