import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import { download, withToken } from './download'

afterEach(() => {
  clearSession()
  vi.restoreAllMocks()
})

describe('download', () => {
  it('adds the token to the query, after any query the url has', () => {
    setSession({ token: 't k', id: 1, name: 'a', ruleId: '*' })
    expect(withToken('/exports/a.xlsx')).toBe('/exports/a.xlsx?token=t%20k')
    expect(withToken('/files/1?v=2')).toBe('/files/1?v=2&token=t%20k')
  })

  it('clicks a temporary link named after the file, then removes it', () => {
    setSession({ token: 'tok', id: 1, name: 'a', ruleId: '*' })
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    download('/exports/x.xlsx', '客户数据.xlsx')
    expect(clicked[0].getAttribute('href')).toBe('/exports/x.xlsx?token=tok')
    expect(clicked[0].download).toBe('客户数据.xlsx')
    expect(document.querySelector('a')).toBeNull()
  })
})
