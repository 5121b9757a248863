import { env } from '@/config/env'
import { storageKeys } from '@/config/storage-keys'
import { getToken } from '@/lib/session'
import { fetchTicket } from '@/lib/ticket'

export type LiveLevel = 'success' | 'warning' | 'error'

/** A pushed message (docs/screens.md "Routes and layout" "Live message", contract "WebSocket"). */
export type LiveMessage = {
  event: string
  data?: unknown
  num?: number
  status?: number
  level?: LiveLevel
  userId?: number
  jobId?: number
  messageId?: number
}

export type LiveListener = (message: LiveMessage) => void

/** What the channel needs of a WebSocket; tests hand in a fake. */
export type SocketLike = {
  send(data: string): void
  close(code?: number): void
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: { code: number }) => void) | null
  onerror: ((ev: unknown) => void) | null
}

export type RealtimeOptions = {
  /**
   * The socket address for the current session, asked afresh for every connection (it carries a
   * single-use ticket); null when signed out (then nothing connects). A rejection counts as a
   * failed connection: one reconnect is scheduled.
   */
  url: () => string | null | Promise<string | null>
  clientId: () => string
  open?: (url: string) => SocketLike
  reconnectMs?: number
  pingMs?: number
}

/** docs/screens.md "Routes and layout": reconnect 2 s after a close or an error. */
export const RECONNECT_MS = 2000
/** The server's close code for a session that is over (logout, disabled, elsewhere, expiry). */
export const SESSION_OVER = 4001
/** Keep-alive well under the server's limit of 20 messages per 10 s. */
export const PING_MS = 30_000

export type Realtime = ReturnType<typeof createRealtime>

/**
 * The real-time channel: one socket while started, the `subscribe` message on open, listeners by
 * event name. A close or an error schedules one reconnect after `reconnectMs` — never a second
 * while one is pending — unless the close code is 4001 (the session is over) or the channel was
 * stopped; a reconnect that finds no session (signed out) does not connect.
 */
export function createRealtime(options: RealtimeOptions) {
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS
  const pingMs = options.pingMs ?? PING_MS
  const listeners = new Map<string, Set<LiveListener>>()
  let socket: SocketLike | null = null
  let reconnect: ReturnType<typeof setTimeout> | undefined
  let ping: ReturnType<typeof setInterval> | undefined
  let running = false

  function emit(message: LiveMessage) {
    for (const l of listeners.get(message.event) ?? []) l(message)
  }

  function drop(s: SocketLike | null) {
    clearInterval(ping)
    ping = undefined
    if (!s) return
    s.onopen = s.onmessage = s.onclose = s.onerror = null
    try {
      s.close(1000)
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function cancelReconnect() {
    clearTimeout(reconnect)
    reconnect = undefined
  }

  function scheduleReconnect() {
    if (!running || reconnect !== undefined) return
    reconnect = setTimeout(() => {
      reconnect = undefined
      connect()
    }, reconnectMs)
  }

  // Bumped by every connect and stop, so an address that arrives late for an attempt that
  // was stopped or superseded opens nothing.
  let attempt = 0

  function connect() {
    if (!running) return
    const mine = ++attempt
    let url: ReturnType<RealtimeOptions['url']>
    try {
      url = options.url()
    } catch {
      scheduleReconnect()
      return
    }
    if (url instanceof Promise) {
      url.then(
        (u) => {
          if (mine === attempt) openSocket(u)
        },
        () => {
          if (mine === attempt) scheduleReconnect()
        },
      )
    } else openSocket(url)
  }

  function openSocket(url: string | null) {
    if (!running) return
    if (!url) {
      stop()
      return
    }
    // An error without a close leaves the old socket around: it goes before the new one.
    drop(socket)
    const s = open(url)
    socket = s
    s.onopen = () => {
      s.send(JSON.stringify({ msgType: 'subscribe', clientId: options.clientId() }))
      clearInterval(ping)
      ping = setInterval(() => s.send(JSON.stringify({ msgType: 'ping' })), pingMs)
    }
    s.onmessage = (ev) => {
      let message: unknown
      try {
        message = JSON.parse(String(ev.data))
      } catch {
        return
      }
      if (message && typeof (message as LiveMessage).event === 'string') emit(message as LiveMessage)
    }
    s.onclose = (ev) => {
      if (socket !== s) return
      socket = null
      clearInterval(ping)
      if (ev.code === SESSION_OVER) {
        // The server ended the session: a new socket would be refused until the next sign-in.
        running = false
        cancelReconnect()
        return
      }
      scheduleReconnect()
    }
    s.onerror = () => {
      if (socket === s) scheduleReconnect()
    }
  }

  function stop() {
    running = false
    attempt++
    cancelReconnect()
    const s = socket
    socket = null
    drop(s)
  }

  return {
    /** Connects unless already running. */
    start() {
      if (running) return
      running = true
      connect()
    },
    stop,
    /** Calls `listener` for every pushed message of `event`; answers the unsubscribe. */
    on(event: string, listener: LiveListener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => void set.delete(listener)
    },
    get running() {
      return running
    },
  }
}

/** `ws(s)://<this origin>/background/v1/ws?token=<ticket>`. */
export function socketUrl(ticket: string, origin: string = location.origin) {
  return `${origin.replace(/^http/, 'ws')}${env.apiBase}/ws?token=${encodeURIComponent(ticket)}`
}

/** A random id per browser tab, kept in sessionStorage so a reload keeps it. */
export function tabClientId(): string {
  try {
    const kept = sessionStorage.getItem(storageKeys.clientId)
    if (kept) return kept
    const id = randomId()
    sessionStorage.setItem(storageKeys.clientId, id)
    return id
  } catch {
    return (fallbackId ??= randomId())
  }
}

let fallbackId: string | undefined

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The app's channel: a fresh ticket of the current session for each connection (quietly: a
 * server that is down is retried without a toast every 2 s), this tab's client id.
 */
export const realtime = createRealtime({
  url: async () => (getToken() ? socketUrl(await fetchTicket({ quiet: true })) : null),
  clientId: tabClientId,
})
