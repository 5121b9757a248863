import { describe, expect, it } from 'vitest'
import { afterLoginPath } from '@/features/auth/routes/login'
import { redirectFor } from './router'

describe('navigation guard', () => {
  it('sends visitors without a token to login with the wanted path', () => {
    expect(redirectFor('/order/index', false)).toBe('/login?redirect=/order/index')
    expect(redirectFor('/nowhere', false)).toBe('/login?redirect=/nowhere')
    expect(redirectFor('/login', false)).toBeNull()
    expect(redirectFor('/404', false)).toBeNull()
  })

  it('keeps signed-in users off the login page and sends unknown paths to 404', () => {
    expect(redirectFor('/login', true)).toBe('/order/index')
    expect(redirectFor('/', true)).toBe('/order/index')
    expect(redirectFor('/order/index', true)).toBeNull()
    expect(redirectFor('/nowhere', true)).toBe('/404')
  })

  it('goes to the redirect after login, keeping the other query parameters', () => {
    expect(afterLoginPath(new URLSearchParams('redirect=/product/index&a=1'))).toBe('/product/index?a=1')
    expect(afterLoginPath(new URLSearchParams(''))).toBe('/order/index')
    expect(afterLoginPath(new URLSearchParams('redirect=https://evil.example'))).toBe('/order/index')
  })
})
