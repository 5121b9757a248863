import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createRealtime, type Realtime, type SocketLike } from '@/lib/realtime'
import { RealtimeProvider } from '@/lib/realtime-provider'
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router'

/**
 * A realtime channel whose socket the test holds: `send` delivers a pushed message as the server
 * would (the socket opens once someone is signed in).
 */
export function fakeRealtime() {
  let socket: SocketLike | undefined
  const channel = createRealtime({
    url: () => 'ws://test',
    clientId: () => 'c',
    open: () => (socket = { send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null }),
  })
  const send = (message: object) => act(() => socket?.onmessage?.({ data: JSON.stringify(message) }))
  /** A job's progress message (`event: timeline`). */
  const timeline = (message: object) => send({ event: 'timeline', ...message })
  return { channel, send, timeline }
}

type Options = {
  /** The address the router starts at, e.g. `/client/index?page=2`. */
  url?: string
  /** The realtime channel (default: one nobody pushes on). */
  realtime?: Realtime
}

/**
 * Renders a page or a dialog as the app does: a fresh query cache (no retries), the realtime
 * channel and a router at `url` (i18n is loaded by the test setup). Answers the user-event
 * driver, the cache, and the router's current query for asserting what the URL keeps.
 */
export function renderPage(ui: ReactElement, { url = '/', realtime = fakeRealtime().channel }: Options = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let search = ''
  function LocationSpy() {
    search = useLocation().search
    return null
  }
  render(
    <QueryClientProvider client={client}>
      <RealtimeProvider channel={realtime}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="*" element={<>{ui}<LocationSpy /></>} />
          </Routes>
        </MemoryRouter>
      </RealtimeProvider>
    </QueryClientProvider>,
  )
  return {
    user: userEvent.setup(),
    client,
    /** The router's query string now (`?page=2…`, '' when empty). */
    search: () => search,
    /** The router's query now, as an object. */
    query: () => Object.fromEntries(new URLSearchParams(search)),
  }
}
