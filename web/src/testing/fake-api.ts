import { afterEach, beforeEach, vi } from 'vitest'
import { clearSession, setSession } from '@/lib/session'
import type { CallData, CallName } from '@/types/call'

/** One request the fake server received: the call's name, its query and its (JSON) body. */
export type Sent = { name: string; params: URLSearchParams; body?: unknown }

/** A whole answer, for a message or a code other than the default `200 ok`. */
export type Envelope = { code: number; message: string; data: unknown }

const ENVELOPE = Symbol('envelope')
type Marked = Envelope & { [ENVELOPE]: true }

/** An answer with its own message (a success toast shows it) or code (a refusal). */
export function envelope(data: unknown, message = 'ok', code = 200): Envelope {
  return { code, message, data, [ENVELOPE]: true } as Marked
}

const isEnvelope = (x: unknown): x is Marked => typeof x === 'object' && x !== null && ENVELOPE in x

/** What the fake server answers, by call name: the call's `data` as the document types it. */
type Answer<C extends CallName> = CallData<C> | Envelope | null
export type Answers = { [C in CallName]?: (sent: Sent) => Answer<C> | Promise<Answer<C>> }

/**
 * A fake server behind `fetch` for the test file that calls it (at its top level): each request
 * is recorded and answered by the handler of its call, wrapped in the envelope; a call without
 * a handler answers `fallback` (null data unless given). Handlers read the test's current state,
 * so a test changes what the server has by changing that state.
 */
export function fakeApi(answers: Answers, fallback: (sent: Sent) => unknown = () => null) {
  const sent: Sent[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://test')
    const name = url.pathname.split('/').pop()!
    const request: Sent = { name, params: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : undefined }
    sent.push(request)
    const handler = (answers as Record<string, ((s: Sent) => unknown) | undefined>)[name]
    // A handler may answer later (a promise): a call the server takes its time over.
    const answer = await (handler ? handler(request) : fallback(request))
    const body = isEnvelope(answer) ? { code: answer.code, message: answer.message, data: answer.data } : { code: 200, message: 'ok', data: answer }
    return new Response(JSON.stringify(body))
  })
  beforeEach(() => {
    vi.stubGlobal('fetch', fetch)
    sent.length = 0
  })
  afterEach(() => vi.unstubAllGlobals())
  return {
    fetch,
    sent,
    /** The requests of one call, in order. */
    asked: (name: CallName) => sent.filter((s) => s.name === name),
  }
}

/** Every test of the file runs signed in as the super administrator. */
export function signedIn() {
  beforeEach(() => setSession({ token: 'tok', id: 1, name: '超级管理员', ruleId: '*' }))
  afterEach(() => clearSession())
}
