import { describe, expect, it } from 'vitest'
import { canonical, makeNonce, renderField, sign } from './sign'

const T = '1700000000'
const N = 'abcdefghijklmnop'
const K = 's3cret'

describe('sign', () => {
  it('matches the first test vector of docs/api.md', () => {
    const fields = { acc: 'admin', pwd: '123456' }
    expect(canonical(fields, T, N, K)).toBe(
      'acc=admin&pwd=123456&timestamp=1700000000&nonce=abcdefghijklmnop&key=s3cret',
    )
    expect(sign(fields, T, N, K)).toBe(
      'D5B4B4EF7A2929095DC6A953B3DB737789C92BC3AFDE8EBBC94C7E030B97A060',
    )
  })

  it('matches the second test vector of docs/api.md (UTF-8, arrays, empty left out)', () => {
    const fields = { page: 1, limit: 10, brandName: '伊利', ids: [3, 4], empty: '' }
    expect(canonical(fields, T, N, K)).toBe(
      'brandName=伊利&ids=3,4&limit=10&page=1&timestamp=1700000000&nonce=abcdefghijklmnop&key=s3cret',
    )
    expect(sign(fields, T, N, K)).toBe(
      'F3797C053FD37AEA5B21A5848B74FD98FE499482C31E8CF46DC15E0654D5C0E1',
    )
  })

  it('renders objects as compact JSON with sorted keys and leaves out null and empty arrays', () => {
    expect(renderField({ b: 1, a: { d: [1, 2], c: '伊' } })).toBe('{"a":{"c":"伊","d":[1,2]},"b":1}')
    expect(renderField([{ y: 2, x: 1 }, null])).toBe('{"x":1,"y":2},')
    expect(renderField(null)).toBeUndefined()
    expect(renderField(undefined)).toBeUndefined()
    expect(renderField([])).toBeUndefined()
    expect(renderField(false)).toBe('false')
    expect(canonical({}, T, N, K)).toBe('timestamp=1700000000&nonce=abcdefghijklmnop&key=s3cret')
  })

  it('makes nonces of at least 16 random characters', () => {
    const a = makeNonce()
    expect(a).toMatch(/^[A-Za-z0-9]{16,}$/)
    expect(makeNonce()).not.toBe(a)
  })
})
