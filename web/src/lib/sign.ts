import { sha256 } from './sha256'

export type Fields = Record<string, unknown>

/** Compact JSON with object keys sorted at every level, as the server re-serialises objects. */
function sortedJson(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys)
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>
      return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortKeys(o[k])]))
    }
    return v
  }
  return JSON.stringify(sortKeys(value))
}

/**
 * One field as the signature sees it: numbers as written, arrays comma-joined, objects as
 * compact JSON with sorted keys; `undefined` for the empty and null values that are left out.
 */
export function renderField(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  // NaN and Infinity travel as JSON null.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (Array.isArray(value)) {
    return value.length ? value.map((v) => renderField(v) ?? '').join(',') : undefined
  }
  if (typeof value === 'object') return sortedJson(value)
  return String(value)
}

export function canonical(fields: Fields, timestamp: string, nonce: string, secret: string) {
  const parts: string[] = []
  for (const key of Object.keys(fields).sort()) {
    const text = renderField(fields[key])
    if (text !== undefined) parts.push(`${key}=${text}`)
  }
  parts.push(`timestamp=${timestamp}`, `nonce=${nonce}`, `key=${secret}`)
  return parts.join('&')
}

/** UPPER(hex(sha256(hex(sha256(canonical))))) over UTF-8 bytes (docs/api.md, "Signing"). */
export function sign(fields: Fields, timestamp: string, nonce: string, secret: string) {
  return sha256(sha256(canonical(fields, timestamp, nonce, secret))).toUpperCase()
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function makeNonce(length = 24) {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  // 256 % 62 bias is irrelevant: the nonce only needs to be unique, not uniform.
  return Array.from(bytes, (b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('')
}
