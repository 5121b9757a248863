import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealtime, socketUrl, type SocketLike } from './realtime'

class FakeSocket implements SocketLike {
  sent: string[] = []
  closedWith: number | undefined
  onopen: SocketLike['onopen'] = null
  onmessage: SocketLike['onmessage'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  readonly url: string
  constructor(url: string) {
    this.url = url
  }
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number) {
    this.closedWith = code
  }
  // What the server or the network does to the socket:
  opens() {
    this.onopen?.({})
  }
  pushes(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  fails() {
    this.onerror?.({})
  }
  isClosed(code = 1006) {
    this.onclose?.({ code })
  }
}

let sockets: FakeSocket[]
let token: string | null

function channel() {
  return createRealtime({
    url: () => (token ? `ws://test/ws?token=${token}` : null),
    clientId: () => 'tab-1',
    open: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  token = 'T1'
})
afterEach(() => vi.useRealTimers())

describe('the real-time channel', () => {
  it('subscribes with the tab client id once the socket opens', () => {
    channel().start()
    expect(sockets).toHaveLength(1)
    expect(sockets[0].url).toBe('ws://test/ws?token=T1')
    sockets[0].opens()
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ msgType: 'subscribe', clientId: 'tab-1' })
  })

  it('hands pushed messages to the listeners of their event only', () => {
    const rt = channel()
    const timeline = vi.fn()
    const user = vi.fn()
    rt.on('timeline', timeline)
    const off = rt.on('user', user)
    rt.start()
    sockets[0].pushes({ event: 'timeline', status: 0, data: '开始' })
    sockets[0].onmessage?.({ data: 'not json' })
    off()
    sockets[0].pushes({ event: 'user', num: 1 })
    expect(timeline).toHaveBeenCalledWith({ event: 'timeline', status: 0, data: '开始' })
    expect(user).not.toHaveBeenCalled()
  })

  it('reconnects 2 s after a close', () => {
    channel().start()
    sockets[0].isClosed()
    vi.advanceTimersByTime(1999)
    expect(sockets).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(2)
  })

  it('keeps one reconnect pending when an error and a close both arrive', () => {
    channel().start()
    sockets[0].fails()
    vi.advanceTimersByTime(500)
    sockets[0].isClosed()
    sockets[0].fails()
    vi.advanceTimersByTime(1500)
    expect(sockets).toHaveLength(2)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(2)
  })

  it('replaces a socket that errored without closing', () => {
    channel().start()
    const first = sockets[0]
    first.fails()
    vi.advanceTimersByTime(2000)
    expect(first.closedWith).toBe(1000)
    // The old socket's late close no longer schedules anything.
    first.isClosed()
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(2)
  })

  it('does not reconnect after close code 4001', () => {
    const rt = channel()
    rt.start()
    sockets[0].fails()
    sockets[0].isClosed(4001)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(1)
    expect(rt.running).toBe(false)
  })

  it('does not reconnect once signed out', () => {
    channel().start()
    token = null
    sockets[0].isClosed()
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(1)
  })

  it('stops: closes the socket and cancels a pending reconnect', () => {
    const rt = channel()
    rt.start()
    sockets[0].isClosed()
    rt.stop()
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(1)
    rt.start()
    rt.start()
    expect(sockets).toHaveLength(2)
    rt.stop()
    expect(sockets[1].closedWith).toBe(1000)
  })

  it('pings while open', () => {
    channel().start()
    sockets[0].opens()
    vi.advanceTimersByTime(30_000)
    expect(sockets[0].sent.map((m) => JSON.parse(m).msgType)).toEqual(['subscribe', 'ping'])
    sockets[0].isClosed()
    vi.advanceTimersByTime(1000)
    expect(sockets[0].sent).toHaveLength(2)
  })
})

describe('the channel with tickets', () => {
  function ticketed(next: () => Promise<string | null>) {
    return createRealtime({
      url: next,
      clientId: () => 'tab-1',
      open: (url) => {
        const s = new FakeSocket(url)
        sockets.push(s)
        return s
      },
    })
  }

  it('asks for a fresh address before the first socket and before each reconnect', async () => {
    let n = 0
    const rt = ticketed(async () => `ws://test/ws?token=ticket-${++n}`)
    rt.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets.map((s) => s.url)).toEqual(['ws://test/ws?token=ticket-1'])
    sockets[0].isClosed()
    await vi.advanceTimersByTimeAsync(2000)
    expect(sockets.map((s) => s.url)).toEqual(['ws://test/ws?token=ticket-1', 'ws://test/ws?token=ticket-2'])
  })

  it('retries after 2 s when no ticket comes', async () => {
    let fail = true
    const rt = ticketed(async () => {
      if (fail) throw new Error('网络不佳')
      return 'ws://test/ws?token=late'
    })
    rt.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(sockets).toHaveLength(0)
    fail = false
    await vi.advanceTimersByTimeAsync(2000)
    expect(sockets.map((s) => s.url)).toEqual(['ws://test/ws?token=late'])
  })

  it('opens nothing when stopped while the ticket was on its way', async () => {
    let answer: (url: string) => void = () => {}
    const rt = ticketed(() => new Promise((resolve) => (answer = resolve)))
    rt.start()
    rt.stop()
    answer('ws://test/ws?token=late')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sockets).toHaveLength(0)
  })
})

describe('socketUrl', () => {
  it('turns the page origin into a ws or wss address with the ticket', () => {
    expect(socketUrl('a b', 'http://h:8080')).toBe('ws://h:8080/background/v1/ws?token=a%20b')
    expect(socketUrl('t', 'https://h')).toBe('wss://h/background/v1/ws?token=t')
  })
})
