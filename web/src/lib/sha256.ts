// SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as hex: what the request signature needs, in
// place of js-sha256. Synchronous, as the API client signs each request on its way
// out; Web Crypto's digest is asynchronous and missing on plain-HTTP pages. sha256.diff.test.ts
// checks it against js-sha256.

/** The first 32 bits of the fractional part of the `power`-th root of each prime, exactly. */
function rootBits(primes: number[], power: 2 | 3): number[] {
  return primes.map((p) => {
    const target = BigInt(p) << BigInt(32 * power)
    // The floating-point root is within a few units of the 32-bit fraction; integers settle it.
    let r = BigInt(Math.floor((power === 2 ? Math.sqrt(p) : Math.cbrt(p)) * 2 ** 32))
    while (r ** BigInt(power) > target) r--
    while ((r + 1n) ** BigInt(power) <= target) r++
    return Number(r & 0xffffffffn)
  })
}

function primes(count: number): number[] {
  const out: number[] = []
  for (let n = 2; out.length < count; n++) if (out.every((p) => n % p)) out.push(n)
  return out
}

const PRIMES = primes(64)
const K = rootBits(PRIMES, 3)
const H0 = rootBits(PRIMES.slice(0, 8), 2)

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))

export function sha256(text: string): string {
  const bytes = new TextEncoder().encode(text)
  // The message, a 1 bit, zeros, and its length in bits as a 64-bit big-endian number.
  const blocks = Math.ceil((bytes.length + 9) / 64)
  const data = new Uint8Array(blocks * 64)
  data.set(bytes)
  data[bytes.length] = 0x80
  const view = new DataView(data.buffer)
  view.setUint32(data.length - 8, Math.floor(bytes.length / 0x20000000))
  view.setUint32(data.length - 4, bytes.length * 8)

  const h = H0.slice()
  const w = new Array<number>(64)
  for (let block = 0; block < data.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4)
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3)
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10)
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0
    }
    let [a, b, c, d, e, f, g, hh] = h
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      hh = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    ;[a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i] + v) | 0))
  }
  return h.map((v) => (v >>> 0).toString(16).padStart(8, '0')).join('')
}
