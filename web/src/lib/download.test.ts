import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import { download, withTicket } from './download'

let tickets: string[]
const asked: string[] = []
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  asked.push(String(input))
  const ticket = tickets.shift()
  const body = ticket ? { code: 200, message: 'ok', data: { ticket, expiresIn: 60 } } : { code: 4029, message: '请求过于频繁', data: null }
  return new Response(JSON.stringify(body))
})

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  setSession({ token: 'session-token', id: 1, name: 'a', ruleId: '*' })
  asked.length = 0
})
afterEach(() => {
  clearSession()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function spyClicks() {
  const clicked: HTMLAnchorElement[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
  return clicked
}

describe('download', () => {
  it('adds the ticket to the query, after any query the url has', () => {
    expect(withTicket('/exports/a.xlsx', 't k')).toBe('/exports/a.xlsx?token=t%20k')
    expect(withTicket('/files/1?v=2', 't')).toBe('/files/1?v=2&token=t')
  })

  it('fetches a fresh ticket for each download and never puts the session token in the link', async () => {
    tickets = ['first', 'second']
    const clicked = spyClicks()
    await download('/exports/x.xlsx', '客户数据.xlsx')
    await download('/exports/x.xlsx')
    expect(asked.filter((u) => u.endsWith('/ticket'))).toHaveLength(2)
    expect(clicked.map((a) => a.getAttribute('href'))).toEqual(['/exports/x.xlsx?token=first', '/exports/x.xlsx?token=second'])
    expect(clicked.some((a) => a.href.includes('session-token'))).toBe(false)
    expect(clicked[0].download).toBe('客户数据.xlsx')
    expect(document.querySelector('a')).toBeNull()
  })

  it('starts nothing when no ticket comes', async () => {
    tickets = []
    const clicked = spyClicks()
    await download('/exports/x.xlsx')
    expect(clicked).toHaveLength(0)
  })
})
