import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadingMask } from '@/components/ui/loading-mask'
import { Toaster } from '@/components/ui/toast'
import { dismissToast, getToast } from '@/components/ui/toast-store'
import { env } from '@/config/env'
import { ApiError, transport as api } from './api-client'
import { clearSession, getSession, setSession } from './session'
import { sign } from './sign'

const fetchMock = vi.fn<typeof fetch>()

function answer(body: unknown, status = 200) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  fetchMock.mockResolvedValueOnce(new Response(text, { status }))
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> }
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  window.location.hash = '#/order/index'
})

// Each test starts signed out (a test that needs a session sets its own), in any order.
afterEach(() => {
  clearSession()
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  dismissToast()
})

describe('api client', () => {
  it('signs GET query parameters as sent and unwraps data', async () => {
    setSession({ token: 'tok', id: 1, name: '超级管理员', ruleId: '*' })
    answer({ code: 200, message: 'ok', data: { total: 0, data: [] } })
    await expect(api.get('brandIndex', { page: 1, brandName: '伊利', ids: [3, 4], empty: '' })).resolves.toEqual({
      total: 0,
      data: [],
    })
    const { url, init, headers } = lastCall()
    expect(init.method).toBe('GET')
    expect(url).toBe(`/background/v1/brandIndex?page=1&brandName=${encodeURIComponent('伊利')}&ids=3%2C4`)
    expect(headers.Authorization).toBe('tok')
    expect(headers.token).toBe('tok')
    expect(headers.nonce.length).toBeGreaterThanOrEqual(16)
    expect(headers.sign).toBe(
      sign({ page: 1, brandName: '伊利', ids: [3, 4] }, headers.timestamp, headers.nonce, env.signSecret),
    )
  })

  it('posts form-encoded bodies and JSON bodies', async () => {
    answer({ code: 200, message: '登录成功', data: { token: 't' } })
    await api.post('adminUserLogin', { acc: 'admin', pwd: '123456' }, { form: true })
    let { init, headers } = lastCall()
    expect(init.body).toBe('acc=admin&pwd=123456')
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded')
    expect(headers.sign).toBe(sign({ acc: 'admin', pwd: '123456' }, headers.timestamp, headers.nonce, env.signSecret))

    answer({ code: 200, message: 'ok', data: null })
    await api.post('suitAdd', { suitName: 'a', timePeriodArray: [{ timePeriodId: '3,4', numberOfTimes: 2 }] })
    ;({ init, headers } = lastCall())
    expect(headers['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string).timePeriodArray[0].numberOfTimes).toBe(2)
  })

  it('reads the envelope of a non-2xx answer and rejects with its fields', async () => {
    const fields = { pwd: ['账号或密码错误'] }
    answer({ code: 4000, message: '账号或密码错误', data: { fields } }, 400)
    const err = (await api.post('adminUserLogin', { acc: 'admin', pwd: 'wrong-pw' }, { form: true }).catch((e) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.code).toBe(4000)
    expect(err.status).toBe(400)
    expect(err.fields).toEqual(fields)
    expect(getToast()?.message).toBe('账号或密码错误')
  })

  it('exposes the field a 4009 duplicate names', async () => {
    const fields = { productName: ['该品牌下已有同名产品'] }
    answer({ code: 4009, message: '该品牌下已有同名产品', data: { fields } }, 409)
    const err = (await api.post('productAdd', {}).catch((e) => e)) as ApiError
    expect(err.code).toBe(4009)
    expect(err.fields).toEqual(fields)
  })

  it('shows one error toast at a time, the newest replacing the old', async () => {
    render(<Toaster />)
    answer({ code: 4009, message: '名称重复', data: null }, 409)
    answer({ code: 4029, message: '尝试次数过多，请15分钟后再试', data: null }, 429)
    await act(async () => {
      await api.post('brandAdd', {}).catch(() => {})
      await api.post('adminUserLogin', {}).catch(() => {})
    })
    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(1)
    expect(alerts[0].textContent).toContain('尝试次数过多')
  })

  it('clears the session and goes to login on 2001 and 2002', async () => {
    for (const code of [2001, 2002]) {
      setSession({ token: 'tok', id: 2, name: 'x', ruleId: '/order' })
      window.location.hash = '#/order/index'
      answer({ code, message: '登录已过期，请重新登录', data: null }, 401)
      await expect(api.get('productIndex')).rejects.toMatchObject({ code })
      expect(getSession()).toBeNull()
      expect(window.location.hash).toBe('#/login?redirect=/order/index')
      expect(getToast()?.message).toBe('登录已过期，请重新登录')
    }
  })

  it('keeps the login page and its redirect when a late 2001 arrives after signing out', async () => {
    window.location.hash = '#/login?redirect=/product/index'
    answer({ code: 2001, message: '登录已过期，请重新登录', data: null }, 401)
    await expect(api.get('messageIndex')).rejects.toMatchObject({ code: 2001 })
    expect(window.location.hash).toBe('#/login?redirect=/product/index')
    expect(getToast()).toBeNull()
  })

  it('carries the query of the page left into the login redirect', async () => {
    setSession({ token: 'tok', id: 2, name: 'x', ruleId: '/order' })
    window.location.hash = '#/order/index?page=2'
    answer({ code: 2001, message: '登录已过期，请重新登录', data: null }, 401)
    await expect(api.get('productIndex')).rejects.toMatchObject({ code: 2001 })
    expect(window.location.hash).toBe('#/login?redirect=/order/index%3Fpage%3D2')
  })

  it('a quiet call fails without a toast, but still ends a session that is over', async () => {
    answer('oops', 502)
    await expect(api.post('ticket', {}, { quiet: true })).rejects.toMatchObject({ code: 502 })
    answer({ code: 4029, message: '请求过于频繁，请稍后再试', data: null }, 429)
    await expect(api.post('ticket', {}, { quiet: true })).rejects.toMatchObject({ code: 4029 })
    fetchMock.mockRejectedValueOnce(new TypeError('offline'))
    await expect(api.post('ticket', {}, { quiet: true })).rejects.toMatchObject({ code: 0 })
    expect(getToast()).toBeNull()

    setSession({ token: 'tok', id: 2, name: 'x', ruleId: '/order' })
    answer({ code: 2001, message: '登录已过期，请重新登录', data: null }, 401)
    await expect(api.post('ticket', {}, { quiet: true })).rejects.toMatchObject({ code: 2001 })
    expect(getSession()).toBeNull()
  })

  it('silently ignores 115007', async () => {
    answer({ code: 115007, message: 'noop', data: { x: 1 } })
    await expect(api.post('messageUp', { all: '1' })).resolves.toBeUndefined()
    expect(getToast()).toBeNull()
  })

  it('falls back to HTTP status messages when there is no envelope', async () => {
    answer('<html>bad</html>', 400)
    await expect(api.get('x')).rejects.toMatchObject({ code: 400 })
    expect(getToast()?.message).toBe('错误的请求!')
    answer('', 403)
    await expect(api.get('x')).rejects.toMatchObject({ code: 403 })
    expect(getToast()?.message).toBe('禁止访问!')
    dismissToast()
    answer('', 401)
    await expect(api.get('x')).rejects.toMatchObject({ code: 401 })
    expect(getToast()).toBeNull()
    answer('oops', 502)
    await expect(api.get('x')).rejects.toMatchObject({ code: 502 })
    expect(getToast()).toMatchObject({ title: '提示', message: '网络不佳' })
  })

  it('aborts after 5 seconds', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('', 'AbortError')))),
    )
    const pending = api.get('slow').catch((e) => e)
    await vi.advanceTimersByTimeAsync(5000)
    expect(await pending).toMatchObject({ code: 0 })
    expect(getToast()?.message).toBe('网络不佳')
  })
})

describe('loading mask', () => {
  it('shows during a call and hides when it ends', async () => {
    render(<LoadingMask />)
    let finish!: (r: Response) => void
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (finish = r)))
    let pending!: Promise<unknown>
    act(() => {
      pending = api.get('brandIndex')
    })
    expect(screen.getByTestId('loading-mask')).toBeTruthy()
    await act(async () => {
      finish(new Response(JSON.stringify({ code: 200, message: 'ok', data: 1 })))
      await pending
    })
    expect(screen.queryByTestId('loading-mask')).toBeNull()
  })

  it('clears after 4 seconds even while the call is pending, and can be left off', async () => {
    vi.useFakeTimers()
    render(<LoadingMask />)
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}))
    act(() => void api.get('slow').catch(() => {}))
    expect(screen.getByTestId('loading-mask')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(3999))
    expect(screen.getByTestId('loading-mask')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(screen.queryByTestId('loading-mask')).toBeNull()
    act(() => void api.get('poll', {}, { mask: false }).catch(() => {}))
    expect(screen.queryByTestId('loading-mask')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(5000))
    fetchMock.mockReset()
  })
})
