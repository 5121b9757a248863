// Shared helpers of the browser flows (playwright-core with Debian's chromium).
// Test files in ./tests export `tests = [{ name, run: async (ctx) => {} }]`; see run.mjs for ctx.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'

export const config = {
  base: (process.env.ADEVAL_E2E_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
  admin: {
    account: process.env.ADEVAL_ADMIN_ACCOUNT ?? 'admin',
    password: process.env.ADEVAL_ADMIN_PASSWORD,
  },
  clerk: {
    account: process.env.ADEVAL_E2E_CLERK_ACCOUNT ?? 'clerk',
    password: process.env.ADEVAL_E2E_CLERK_PASSWORD,
  },
  chromium: process.env.ADEVAL_CHROMIUM ?? '/usr/bin/chromium',
  out: fileURLToPath(new URL('../test-results/', import.meta.url)),
  testTimeoutMs: 30_000,
  stepTimeoutMs: 10_000,
}

/**
 * The checks made so far in this process: `expect`, `expectAccessible` and `toastSays` count one
 * each. The runner reads it around every flow, and a flow that made none fails: a flow whose
 * steps all ran proves nothing until it checks what they did.
 */
export const checks = { made: 0 }

export function expect(ok, message) {
  checks.made++
  if (!ok) throw new Error(message)
}

/** The hash route of a page: `{ path, query }`. */
export function hashRoute(page) {
  const hash = new URL(page.url()).hash.replace(/^#/, '')
  const q = hash.indexOf('?')
  return { path: (q < 0 ? hash : hash.slice(0, q)) || '/', query: new URLSearchParams(q < 0 ? '' : hash.slice(q + 1)) }
}

/** Waits until the hash path equals `path`. */
export async function waitForPath(page, path, opts) {
  await page.waitForFunction((p) => location.hash.replace(/^#/, '').split('?')[0] === p, path, opts)
}

/** Waits until the hash path differs from `path`. */
export async function waitForPathNot(page, path, opts) {
  await page.waitForFunction((p) => location.hash.replace(/^#/, '').split('?')[0] !== p, path, opts)
}

export const isCall = (name) => (r) => new URL(r.url()).pathname === `/background/v1/${name}`

export async function fillLogin(page, account, password) {
  await page.getByLabel('账号', { exact: true }).fill(account)
  await page.getByLabel('密码', { exact: true }).fill(password)
}

/** Signs in through the login screen and waits until the URL leaves /login. */
export async function signIn(page, account, password) {
  expect(password, `no password for account ${account}: set the E2E environment variables`)
  await page.goto(`${config.base}/#/login`)
  await fillLogin(page, account, password)
  const answer = page.waitForResponse(isCall('adminUserLogin'))
  await page.getByLabel('密码', { exact: true }).press('Enter')
  const body = await (await answer).json().catch(() => null)
  if (body?.code !== 200) throw new Error(`sign-in of ${account} refused: ${JSON.stringify(body)}`)
  await waitForPathNot(page, '/login')
}

export function launch() {
  return chromium.launch({
    executablePath: config.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  })
}

export function withTimeout(promise, ms, what) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export const slug = (text) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The WCAG 2.1 A and AA rules: what the back office promises. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Runs axe-core on the page as it stands (or within `include`, a CSS selector) and fails on any
 * violation, naming each rule and the first elements it found, so a regression names its cause.
 */
export async function expectAccessible(page, what, { include } = {}) {
  checks.made++
  // Evaluated through the DevTools protocol: the app's CSP forbids inline script tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      // Colours as they settle: a menu fading in (0.12 s) is checked at full opacity, not
      // half-way, where its text blends with the page (endless spinners excepted).
      const settling = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      await Promise.all(settling.map((a) => a.finished.catch(() => {})))
      const result = await window.axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return result.violations.map((v) => ({
        id: v.id,
        count: v.nodes.length,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`),
      }))
    },
    { tags: axeTags, include },
  )
  if (!violations.length) return
  const total = violations.reduce((n, v) => n + v.count, 0)
  const detail = violations.map((v) => `${v.id} ×${v.count}: ${v.nodes.join('; ')}`).join(' | ')
  throw new Error(`${what}: ${total} accessibility violations: ${detail}`)
}

/** The page the first test of a file signed in with, kept for the file's other tests. */
export function shared(ctx) {
  const page = (ctx.page = ctx.state.page)
  ctx.expect(page, 'needs the signed-in page of the first test')
  return page
}

/**
 * Closes the notifications at once. They stack at the right over rows' fixed actions: a failed
 * job's stays until closed; others leave by themselves after 4.5 s (closing them saves the wait).
 */
export async function dismissNotices(page) {
  const close = page.getByRole('region', { name: '通知' }).getByRole('button', { name: '关闭' })
  while ((await close.count()) > 0) await close.first().click()
}

/** Waits for a toast of `kind` saying `text`. */
export function toastSays(page, text, kind = 'success') {
  checks.made++
  return page.locator(`.toast--${kind}`, { hasText: text }).last().waitFor()
}

/**
 * Scrolls `el` one step down and across per animation frame for up to 3 s (run in the page
 * through `locator.evaluate(scrollFrames)`): frames per second, frames over 25 ms, the worst
 * frame and the cells in the page at the end. The summary grid's flow and its bench share it.
 */
export function scrollFrames(el) {
  return new Promise((resolve) => {
    el.scrollTop = 0
    el.scrollLeft = 0
    const frames = []
    let last = performance.now()
    const start = last
    const step = (now) => {
      frames.push(now - last)
      last = now
      el.scrollTop += 45
      el.scrollLeft = (el.scrollLeft + 17) % Math.max(1, el.scrollWidth - el.clientWidth)
      if (now - start < 3000 && el.scrollTop + el.clientHeight < el.scrollHeight) requestAnimationFrame(step)
      else {
        const seconds = (now - start) / 1000
        resolve({
          fps: frames.length / seconds,
          seconds,
          slow: frames.filter((f) => f > 25).length,
          worst: Math.max(...frames),
          cells: el.querySelectorAll('td, [role=gridcell], [role=rowheader]').length,
        })
      }
    }
    requestAnimationFrame(step)
  })
}

const execFileP = promisify(execFile)

/**
 * `adeval …` from the shell against the server's database and lake (the harness passes
 * ADEVAL_BIN, DATABASE_URL and ADEVAL_DATA_DIR on), for flows that load their data as a batch
 * import would.
 */
export async function adeval(ctx, args) {
  const bin = process.env.ADEVAL_BIN
  ctx.expect(bin && process.env.DATABASE_URL && process.env.ADEVAL_DATA_DIR, 'the flow loads its data from the shell: set ADEVAL_BIN, DATABASE_URL and ADEVAL_DATA_DIR as the server has them')
  try {
    await execFileP(bin, args, { env: process.env, timeout: 20_000 })
  } catch (err) {
    throw new Error(`adeval ${args.join(' ')}: ${err.stderr || err.message}`)
  }
}

/**
 * Closes the progress panel once its run is over. A failed job keeps the panel, with its close
 * icon once no message came for a moment; one that ended well closes it by itself a second after
 * its last message, which may be before the icon shows: wait for whichever comes first. The
 * panel's absence is what counts.
 */
export async function closeProgressPanel(page) {
  const panel = page.getByTestId('progress-panel')
  const close = panel.getByRole('button', { name: '关闭处理进度' })
  await close.or(page.locator('body:not(:has([data-testid="progress-panel"]))')).first().waitFor()
  if (await close.isVisible()) await close.click({ timeout: 2000 }).catch(() => {})
  await panel.waitFor({ state: 'detached' })
}
