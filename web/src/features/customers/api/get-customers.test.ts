import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import { deleteCustomers } from './delete-customers'
import { exportCustomers } from './export-customers'
import { customerQuery, getCustomers } from './get-customers'

const sent: { url: URL; init?: RequestInit }[] = []
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  sent.push({ url: new URL(String(input), 'http://test'), init })
  return new Response(JSON.stringify({ code: 200, message: 'ok', data: { data: [], total: 0, url: '/x', deleted: 2 } }))
})

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  setSession({ token: 'tok', id: 1, name: 'a', ruleId: '*' })
  sent.length = 0
})
afterEach(() => {
  vi.unstubAllGlobals()
  clearSession()
})

describe('customerQuery', () => {
  it('passes each filter under the call’s name, trimmed, and leaves empty ones out', () => {
    expect(
      customerQuery({
        page: 3, limit: 500, brandId: '4', mediaId: '', category: '2', source: '3', belongingTo: '1',
        title: '  春节 ', addTime: '2026-03-01', endTime: '2026-03-31',
      }),
    ).toEqual({ brandId: '4', category: '2', source: '3', belongingTo: '1', title: '春节', addTime: '2026-03-01', endTime: '2026-03-31' })
    expect(customerQuery({ title: '   ', brandId: undefined })).toEqual({})
  })
})

describe('customer calls', () => {
  it('customerIndex asks for the page and size with the filters', async () => {
    await getCustomers({ page: 2, limit: 1000, title: ' 标题 ', mediaId: '7' })
    const { url } = sent[0]
    expect(url.pathname).toBe('/background/v1/customerIndex')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '1000', title: '标题', mediaId: '7' })
  })

  it('customerIndexExport sends the filters without page and size', async () => {
    await expect(exportCustomers({ page: 2, limit: 100, source: '1', addTime: '2026-01-01' })).resolves.toEqual(expect.objectContaining({ url: '/x' }))
    expect(sent[0].url.pathname).toBe('/background/v1/customerIndexExport')
    expect(Object.fromEntries(sent[0].url.searchParams)).toEqual({ source: '1', addTime: '2026-01-01' })
  })

  it('customerDel posts the ids comma-joined', async () => {
    await deleteCustomers([3, 1, 2])
    expect(sent[0].url.pathname).toBe('/background/v1/customerDel')
    expect(sent[0].init?.method).toBe('POST')
    expect(JSON.parse(String(sent[0].init?.body))).toEqual({ ids: '3,1,2' })
  })
})
