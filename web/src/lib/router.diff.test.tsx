import { act, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactNode } from 'react'
import * as theirs from 'react-router'
import { describe, expect, it } from 'vitest'
import * as ours from './router'

/*
 * Differential test: the app's router against react-router 7 (kept as a devDependency), both
 * hash and memory routers, under a route tree shaped as the app's (a guard route at `/`, bare
 * routes, a layout route whose pages show in its outlet, `*` for the rest). The same clicks,
 * navigations, search-param changes, redirects and history steps run on each; after every step
 * the location, the address, the history's length, what is on screen (and whether the layout
 * kept its state), and which of `navigate` and `setSearchParams` are new must be the same.
 */

type Lib = typeof ours
type Api = {
  navigate?: ours.NavigateFunction
  setParams?: ReturnType<Lib['useSearchParams']>[1]
  seen: { key: string; navigate: unknown; setParams: unknown }[]
}

function tree(lib: Lib, api: Api, hash: boolean) {
  const { Routes, Route, Outlet, Link, Navigate, useLocation, useNavigate, useSearchParams } = lib
  function Probe() {
    const location = useLocation()
    const navigate = useNavigate()
    const [params, setParams] = useSearchParams()
    api.navigate = navigate
    api.setParams = setParams
    api.seen.push({ key: location.key, navigate, setParams })
    return <p data-testid="where">{`${location.pathname}|${location.search}|${location.hash}|q=${params.get('q')}`}</p>
  }
  function Layout() {
    const [clicks, setClicks] = useState(0)
    return (
      <div>
        <button type="button" onClick={() => setClicks((n) => n + 1)}>{`layout ${clicks}`}</button>
        <Outlet />
      </div>
    )
  }
  function Redirect() {
    // A navigation while first rendering is ignored by both.
    const navigate = useNavigate()
    navigate('/nowhere')
    return <Navigate to="/b?from=redirect" replace />
  }
  const page = (name: string): ReactNode => <h1>{name}</h1>
  const Router = hash ? lib.HashRouter : lib.MemoryRouter
  return (
    <Router {...(hash ? {} : { initialEntries: ['/a?x=1'] })}>
      <Probe />
      <nav>
        <Link to="/a">to a</Link>
        <Link to="/b?q=1">to b</Link>
        <Link to="/login" className="l" aria-label="login link">to login</Link>
        <Link to="/a?x=1" onClick={(e) => e.preventDefault()}>prevented</Link>
      </nav>
      <Routes>
        <Route path="/" element={<Redirect />} />
        <Route path="/login" element={page('login')} />
        <Route element={<Layout />}>
          <Route path="/a" element={page('A')} />
          <Route path="/b" element={page('B')} />
          <Route path="/Mixed/Case" element={page('mixed')} />
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </Router>
  )
}

type Step = (api: Api, user: ReturnType<typeof userEvent.setup>, screen: HTMLElement) => Promise<void> | void
const click = (name: string, options?: { ctrlKey?: boolean }): Step => async (_, user, screen) => {
  const el = [...screen.querySelectorAll('a, button')].find((e) => e.textContent === name || e.getAttribute('aria-label') === name)!
  if (options?.ctrlKey) await user.keyboard('{Control>}')
  await user.click(el)
  if (options?.ctrlKey) await user.keyboard('{/Control}')
}
const go = (to: string | number, replace?: boolean): Step => (api) => act(() => (typeof to === 'number' ? api.navigate!(to) : api.navigate!(to, { replace })))
const params = (next: Parameters<NonNullable<Api['setParams']>>[0], replace?: boolean): Step => (api) => act(() => api.setParams!(next, { replace }))

const STEPS: [string, Step][] = [
  ['click to a', click('to a')],
  ['click layout', click('layout 0')],
  ['click to b (layout kept)', click('to b')],
  ['click to b again (replaces)', click('to b')],
  ['ctrl-click to login (not handled)', click('to login', { ctrlKey: true })],
  ['prevented link', click('prevented')],
  ['navigate /a?x=2#h', go('/a?x=2#h')],
  ['set params object', params({ q: '全国', page: '2' })],
  ['set params function', params((p) => (p.set('page', '3'), p.delete('q'), p))],
  ['set params text, replace', params('a=1&b=2', true)],
  ['set params empty', params({})],
  ['navigate unknown path', go('/nope/here')],
  ['navigate mixed case, trailing slash', go('/mixed/case/')],
  ['navigate encoded', go('/%61')],
  ['navigate /login, replace', go('/login', true)],
  ['navigate /', go('/')],
  ['back', go(-1)],
  ['back again', go(-1)],
  ['forward', go(1)],
  ['click login link', click('login link')],
]

async function run(lib: Lib, hash: boolean): Promise<string[]> {
  // A new entry: the entries ahead of the last run's (it stepped back) go, as a browser drops them.
  if (hash) window.history.pushState(null, '', '/#/a?x=1')
  const api: Api = { seen: [] }
  const startLength = window.history.length
  const view = render(tree(lib, api, hash))
  const user = userEvent.setup()
  const screen = view.container
  const out: string[] = []
  const record = async (label: string) => {
    // History steps land asynchronously in the window's history, and each router renders the
    // address's location when its popstate handler has run: wait for that, not a fixed time
    // (on a busy machine 20 ms was not always enough for one of the two).
    if (hash) await new Promise((done) => setTimeout(done, 20))
    await waitFor(() => expect(screen.textContent).toBeTruthy())
    if (hash) {
      const path = () => screen.querySelector('[data-testid=where]')!.textContent!.split('|')[0]
      await waitFor(() => expect(path()).toBe(window.location.hash.slice(1).split('?')[0]))
    }
    const last = api.seen.at(-1)!
    const before = api.seen.at(-2)
    out.push(
      [
        label,
        screen.querySelector('[data-testid=where]')!.textContent,
        screen.querySelector('h1')?.textContent ?? '(no page)',
        screen.querySelector('button')?.textContent ?? '(no layout)',
        [...screen.querySelectorAll('a')].map((a) => `${a.getAttribute('href')} ${a.className}`).join(', '),
        hash ? `address ${window.location.hash} length +${window.history.length - startLength}` : '',
        `new navigate ${before ? last.navigate !== before.navigate : true}, new setParams ${before ? last.setParams !== before.setParams : true}`,
      ].join(' | '),
    )
  }
  await record('start')
  for (const [label, step] of STEPS) {
    const keys = new Set(api.seen.map((s) => s.key))
    await step(api, user, screen)
    await record(label)
    // A new key on every navigation (compared as "new or not", keys are random).
    out.push(`${label}: new key ${!keys.has(api.seen.at(-1)!.key)}`)
  }
  view.unmount()
  return out
}

describe('the router against react-router', () => {
  for (const hash of [false, true])
    it(`${hash ? 'hash' : 'memory'} router: the same locations, screens and history after each step`, { timeout: 60_000 }, async () => {
      const mine = await run(ours, hash)
      const real = await run(theirs as unknown as Lib, hash)
      expect(mine).toEqual(real)
    })
})
