import { toast } from '@/components/ui/toast-store'
import { env } from '@/config/env'
import { paths } from '@/config/paths'
import { currentFullPath, currentPath, loginPath, navigate } from '@/lib/hash-location'
import { i18n } from '@/lib/i18n'
import { beginLoading } from '@/lib/loading'
import { clearSession, getToken } from '@/lib/session'
import { makeNonce, renderField, sign, type Fields } from '@/lib/sign'
import type { CallArgs, CallData, GetCall, PostCall } from '@/types/call'

/** The envelope's codes, every one the contract names (docs/api.md, "The envelope"). */
export const Code = {
  Ok: 200,
  /** Token missing, unknown, expired or ended: sign in again. */
  TokenExpired: 2001,
  /** Account disabled, or signed in elsewhere. */
  AccountBlocked: 2002,
  /** Signature missing or wrong, timestamp too far off, nonce replayed. */
  BadSignature: 2003,
  /** Validation: `data.fields` holds each bad field's messages. */
  Validation: 4000,
  /** The call lies outside the caller's menus (无权限访问). */
  Forbidden: 4003,
  NotFound: 4004,
  /** Duplicate name (`data.fields` names the field), protected record, stale preview. */
  Conflict: 4009,
  TooLarge: 4013,
  RateLimited: 4029,
  Internal: 5000,
  /** A benign no-op, ignored silently. */
  Ignored: 115007,
  /** Uploads: a file over 50 MB, not an xls/xlsx/csv file, the same content already uploaded for the same purpose. */
  UploadTooLarge: -600,
  UploadWrongType: -601,
  UploadDuplicate: -602,
} as const

export type FieldErrors = Record<string, string[]>

export class ApiError extends Error {
  /** The envelope code, or the HTTP status when the answer had no envelope (0: no answer). */
  readonly code: number
  readonly data: unknown
  readonly status: number

  constructor(code: number, message: string, data: unknown, status: number) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.data = data
    this.status = status
  }

  /** Per-field messages of a 4000 validation answer, or of a 4009 naming a duplicate field. */
  get fields(): FieldErrors | undefined {
    const d = this.data as { fields?: FieldErrors } | null
    return (this.code === Code.Validation || this.code === Code.Conflict) && d?.fields ? d.fields : undefined
  }
}

type Envelope = { code: number; message: string; data: unknown }

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number'
}

/** GET query and form bodies carry text: each field rendered once, signed as sent. */
function toPairs(fields: Fields): [string, string][] {
  return Object.entries(fields).flatMap(([k, v]) => {
    const text = renderField(v)
    return text === undefined ? [] : [[k, text] as [string, string]]
  })
}

function headersFor(signed: Fields): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = makeNonce()
  const headers: Record<string, string> = { timestamp, nonce, sign: sign(signed, timestamp, nonce, env.signSecret) }
  const token = getToken()
  if (token) {
    headers.Authorization = token
    headers.token = token
  }
  return headers
}

function fail(code: number, message: string, data: unknown, status: number): never {
  throw new ApiError(code, message, data, status)
}

function onEnvelope<T>(body: Envelope, status: number, quiet = false): T {
  switch (body.code) {
    case Code.Ok:
      return body.data as T
    case Code.Ignored:
      return undefined as T
    case Code.TokenExpired:
    case Code.AccountBlocked:
      // A late answer to a call made before signing out finds the user already on the login
      // page: going there again would drop the page they left (`redirect`), and the toast
      // would tell them something they just did.
      if (getToken()) {
        toast.error(body.message)
        clearSession()
      }
      if (currentPath() !== paths.login) navigate(loginPath(currentFullPath()), { replace: true })
      return fail(body.code, body.message, body.data, status)
    default:
      if (!quiet) toast.error(body.message)
      return fail(body.code, body.message, body.data, status)
  }
}

function onHttpError(status: number, quiet = false): never {
  if (quiet) return fail(status, `HTTP ${status}`, null, status)
  if (status === 400) toast.error(i18n.t('common:http.badRequest'))
  else if (status === 403) toast.error(i18n.t('common:http.forbidden'))
  else if (status !== 401) toast.error(i18n.t('common:http.offline'), i18n.t('common:prompt'))
  return fail(status, `HTTP ${status}`, null, status)
}

/** Exports write the whole filtered list before answering: minutes for very large ones. */
export const EXPORT_TIMEOUT_MS = 5 * 60 * 1000

export type CallOptions = {
  /** Show the full-screen loading mask during the call (default true; off for background polling). */
  mask?: boolean
  /** Give up after this many milliseconds (default env.requestTimeoutMs, 5 s); exports take longer. */
  timeoutMs?: number
  /**
   * No toast for a failure (background work that retries on its own, e.g. the realtime
   * socket's ticket); the end of the session (2001/2002) is still handled as always.
   */
  quiet?: boolean
}

/**
 * An answer that did not come through `api` (the storage upload's XMLHttpRequest): the same
 * envelope handling — data on 200, 2001/2002 end the session, other codes toast and reject, and an
 * answer without an envelope is an HTTP failure.
 */
export function unwrapAnswer<T>(answer: unknown, status: number, quiet = false): T {
  if (isEnvelope(answer)) return onEnvelope<T>(answer, status, quiet)
  return onHttpError(status, quiet)
}

async function request<T>(
  method: 'GET' | 'POST',
  call: string,
  fields: Fields,
  form: boolean,
  mask: boolean,
  timeoutMs: number = env.requestTimeoutMs,
  quiet = false,
): Promise<T> {
  let url = `${env.apiBase}/${call}`
  let body: string | undefined
  let signed: Fields = fields
  const headers: Record<string, string> = {}
  if (method === 'GET' || form) {
    const pairs = toPairs(fields)
    signed = Object.fromEntries(pairs)
    const encoded = new URLSearchParams(pairs).toString()
    if (method === 'GET') url += encoded ? `?${encoded}` : ''
    else {
      body = encoded
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
    }
  } else {
    body = JSON.stringify(fields)
    headers['Content-Type'] = 'application/json'
  }
  Object.assign(headers, headersFor(signed))

  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), timeoutMs)
  const endLoading = mask ? beginLoading() : () => {}
  let status = 0
  let answer: unknown
  try {
    const res = await fetch(url, { method, headers, body, signal: abort.signal })
    status = res.status
    const text = await res.text()
    try {
      answer = JSON.parse(text)
    } catch {
      answer = undefined
    }
  } catch {
    // Network failure or timeout: no answer at all.
    const offline = i18n.t('common:http.offline')
    if (!quiet) toast.error(offline, i18n.t('common:prompt'))
    return fail(0, offline, null, status)
  } finally {
    clearTimeout(timer)
    endLoading()
  }
  return unwrapAnswer<T>(answer, status, quiet)
}

/**
 * The transport: any call by name, its answer as the caller says. Only the client's own tests
 * reach it directly (they exercise calls the catalogue doesn't have); everything else goes
 * through the typed `api`.
 */
export const transport = {
  get: <T>(call: string, params: Fields = {}, opts: CallOptions = {}) =>
    request<T>('GET', call, params, false, opts.mask ?? true, opts.timeoutMs, opts.quiet),
  post: <T>(call: string, body: Fields = {}, opts: CallOptions & { form?: boolean } = {}) =>
    request<T>('POST', call, body, opts.form ?? false, opts.mask ?? true, opts.timeoutMs, opts.quiet),
}

type TypedApi = {
  /** A read: the call's arguments as query parameters, its `data` typed by the OpenAPI document. */
  get<C extends GetCall>(call: C, args?: CallArgs<C>, opts?: CallOptions): Promise<CallData<C>>
  /** A write: the call's arguments as a JSON body (or form-encoded with `form`). */
  post<C extends PostCall>(call: C, body?: CallArgs<C>, opts?: CallOptions & { form?: boolean }): Promise<CallData<C>>
}

/** The API client typed by call name from the generated OpenAPI types (src/types/api.ts). */
export const api: TypedApi = transport
