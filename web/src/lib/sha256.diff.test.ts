import { sha256 as real } from 'js-sha256'
import { describe, expect, it } from 'vitest'
import { sha256 } from './sha256'
import { sign } from './sign'

/*
 * Differential test: our SHA-256 against js-sha256 (kept as a devDependency) over strings of
 * every length around the block edges (55/56/64 bytes and their multiples), in ASCII, Chinese,
 * emoji and mixed text, random ones, and the signature as the API client computes it.
 */

const ALPHABETS = ['abcxyz0189=&', '数据评估管理系统订单', '😀🎬📺', 'a数😀 =&\n\t\u0000\u00e9']

function pick(alphabet: string, length: number, seed: number): string {
  const chars = [...alphabet]
  let s = seed
  let out = ''
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31
    out += chars[s % chars.length]
  }
  return out
}

describe('sha256 against js-sha256', () => {
  it('hashes every length around the block edges and random text the same', () => {
    const inputs: string[] = ['']
    for (const alphabet of ALPHABETS) for (let n = 0; n <= 200; n++) inputs.push(pick(alphabet, n, n + alphabet.length))
    for (let i = 0; i < 500; i++) inputs.push(pick(ALPHABETS[i % 4], (i * 37) % 1500, i))
    inputs.push('x'.repeat(100_000))
    const differences = inputs.filter((t) => sha256(t) !== real(t)).map((t) => `${t.length}: ${t.slice(0, 40)}`)
    expect(differences).toEqual([])
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('signs a request as it did', () => {
    const fields = { name: '全国', page: 2, ids: [3, 1], filter: { b: 1, a: '数' }, empty: '' }
    const before = real(real('filter={"a":"数","b":1}&ids=3,1&name=全国&page=2&timestamp=1700000000&nonce=abc&key=secret')).toUpperCase()
    expect(sign(fields, '1700000000', 'abc', 'secret')).toBe(before)
  })
})
