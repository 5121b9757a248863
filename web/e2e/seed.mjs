// Signed API calls from a flow, with the token of a page that signed in through the screen:
// for master data a flow needs but whose screens belong to another area. The sign secret is
// the one shipped in the web build (ADEVAL_SIGN_SECRET, else the development secret).
import { createHash, randomBytes } from 'node:crypto'
import { config } from './lib.mjs'

const secret = process.env.ADEVAL_SIGN_SECRET ?? 'adeval-dev-sign-secret'
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex')

/** docs/api.md, "Signing": sorted non-empty fields, timestamp, nonce, key; hashed twice, upper-cased. */
function sign(fields, timestamp, nonce) {
  const parts = Object.keys(fields)
    .sort()
    .filter((k) => fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
    .map((k) => `${k}=${fields[k]}`)
  parts.push(`timestamp=${timestamp}`, `nonce=${nonce}`, `key=${secret}`)
  return sha256(sha256(parts.join('&'))).toUpperCase()
}

/** The session token of a signed-in page (the Admin-Token cookie). */
export async function tokenOf(page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')
  if (!cookie) throw new Error('the page has no session cookie: sign in first')
  return decodeURIComponent(cookie.value)
}

/** Makes a call as the page's account; answers `data`, throws on any other code than 200. */
export async function call(page, name, fields = {}, { get = false } = {}) {
  const token = await tokenOf(page)
  const text = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(12).toString('hex')
  const headers = { timestamp, nonce, sign: sign(text, timestamp, nonce), Authorization: token, token }
  let url = `${config.base}/background/v1/${name}`
  let body
  if (get) url += `?${new URLSearchParams(text)}`
  else {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(text)
  }
  const answer = await (await fetch(url, { method: get ? 'GET' : 'POST', headers, body })).json()
  if (answer.code !== 200) throw new Error(`${name} answered ${JSON.stringify(answer)}`)
  return answer.data
}

/** A brand with two audience/city groups, a second brand with one, and a media, all named with `stamp`. */
export async function seedMasterData(page, stamp) {
  const brand = await call(page, 'brandAdd', { brandName: `E2E品牌${stamp}` })
  const otherBrand = await call(page, 'brandAdd', { brandName: `E2E另一品牌${stamp}` })
  const media = await call(page, 'mediaAdd', { mediaName: `E2E媒体${stamp}` })
  const group = (brandId, name) => call(page, 'defaultAudienceCityGroupAdd', { brandId, audienceCityGroupName: name })
  return {
    brand: { ...brand, groups: [await group(brand.id, `E2E全国${stamp}`), await group(brand.id, `E2E北京${stamp}`)] },
    otherBrand: { ...otherBrand, groups: [await group(otherBrand.id, `E2E上海${stamp}`)] },
    media,
  }
}

export const pad = (n) => String(n).padStart(2, '0')
/** `YYYY-MM-DD` of a local date. */
export const ymd = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
/** `YYYY-MM` of a local date. */
export const ymOf = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`

/**
 * An order of `product` made through the API as the order flows need it: `tapes` of the product
 * ({ version, fileName, number, title = version }), time `periods` ([name, from, to]), a suit of
 * `month` holding each period `times` times, and the order of the first `ordered` tapes (all by
 * default) on `brand`'s first group, free broadcasts counted on both sides, with `order`'s fields
 * (the cycle, and any other). `beforeOrder(periods)` runs before the order is added. Answers what
 * was made.
 */
export async function seedOrder(page, { brand, media, product, tapes, periods, times, suitName, month, ordered = tapes.length, beforeOrder, order }) {
  const year = String(new Date().getFullYear())
  const madeTapes = []
  for (const { version, fileName, number, title = version } of tapes) {
    madeTapes.push(await call(page, 'productMagneticTapeAdd', {
      brandId: brand.id, mediaId: media.id, productId: product.id, cycle: year, customerVersionName: version,
      mediaFileName: fileName, mediaTapeNumber: number, customerTitle: title, seconds: 15,
    }))
  }
  const madePeriods = []
  for (const [name, from, to] of periods) {
    madePeriods.push(await call(page, 'timePeriodAdd', { mediaId: media.id, timePeriodName: name, preBroadcastTimeForma: from, preBroadcastTimeFormaEnd: to }))
  }
  const suit = await call(page, 'suitAdd', {
    mediaId: media.id, brandId: brand.id, suitName, customerMetrics: '100', mediaMetrics: '90', seconds: 15,
    suitTime: month, timePeriodArray: JSON.stringify(madePeriods.map((p) => ({ timePeriodId: String(p.id), numberOfTimes: times }))),
  })
  await beforeOrder?.(madePeriods)
  const made = await call(page, 'orderAdd', {
    mediaId: media.id, productId: product.id, defaultId: brand.groups[0].id, seconds: 15,
    orderProductMagneticTapeId: madeTapes.slice(0, ordered).map((t) => t.id).join(','), suitId: suit.id,
    customerFreeBroadcastCalculation: 1, mediaFreeBroadcastCalculation: 1, ...order,
  })
  return { tapes: madeTapes, periods: madePeriods, suit, order: made }
}

/** A 15-second product of `brand`, evaluated on its first group, with the flows' usual prime-time settings. */
export function addProduct(page, brand, productName) {
  return call(page, 'productAdd', {
    brandId: brand.id, productName, seconds: 15, audienceCityGroupId: brand.groups[0].id,
    defaultAudienceCityGroupId: brand.groups[0].id, upsideDownThreePer: 30, primeTime: '19:00:00-22:00:00',
    primeTimePer: 60, primeUpsideDownThreePer: 40, jackRequirements: '无',
  })
}
