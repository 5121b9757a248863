import { act, render } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import { MemoryRouter, useNavigate } from '@/lib/router'
import { filterRoutes } from '../route-access'
import { appRoutes } from '../route-table'
import { closeAllTags, openTag, tagsStore } from './tags-store'
import { useTrackTags } from './use-track-tags'

const admin = filterRoutes(appRoutes, ['*'])
let go: (path: string) => void = () => {}

function Shell() {
  useTrackTags(admin)
  go = useNavigate()
  return null
}

const tabs = () => tagsStore.get().map((t) => `${t.path}${t.affix ? ' (pinned)' : ''}`)

function signIn(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Shell />
    </MemoryRouter>,
  )
}

beforeEach(() => {
  clearSession()
  sessionStorage.clear()
  setSession({ token: 't', id: 1, name: 'a', ruleId: '*' })
})

describe('useTrackTags', () => {
  it('gives a tab only to visited pages, the home page pinned; 受众分析 waits until it is opened', () => {
    signIn('/client/index')
    expect(tabs()).toEqual(['/order/index (pinned)', '/client/index'])
    act(() => go('/dashboard'))
    expect(tabs()).toEqual(['/order/index (pinned)', '/client/index', '/dashboard'])
    act(() => closeAllTags())
    expect(tabs()).toEqual(['/order/index (pinned)'])
  })

  it('unpins a tab kept from before that is no longer pinned', () => {
    openTag({ path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true })
    signIn('/order/index')
    expect(tabs()).toEqual(['/order/index (pinned)', '/dashboard'])
  })
})
