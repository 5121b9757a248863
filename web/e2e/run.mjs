// Browser flows against a running server: `ADEVAL_ADMIN_PASSWORD=… npm run e2e`.
// A tiny runner on playwright-core with Debian's chromium (no downloaded browsers).
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const BASE = (process.env.ADEVAL_E2E_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '')
const ACCOUNT = process.env.ADEVAL_ADMIN_ACCOUNT ?? 'admin'
const PASSWORD = process.env.ADEVAL_ADMIN_PASSWORD
const CHROMIUM = process.env.ADEVAL_CHROMIUM ?? '/usr/bin/chromium'
const OUT = fileURLToPath(new URL('../test-results/', import.meta.url))
const TEST_TIMEOUT_MS = 30_000
const STEP_TIMEOUT_MS = 10_000

function expect(ok, message) {
  if (!ok) throw new Error(message)
}

function hashRoute(page) {
  const hash = new URL(page.url()).hash.replace(/^#/, '')
  const q = hash.indexOf('?')
  return { path: q < 0 ? hash : hash.slice(0, q), query: new URLSearchParams(q < 0 ? '' : hash.slice(q + 1)) }
}

async function waitForPath(page, path) {
  await page.waitForFunction((p) => location.hash.replace(/^#/, '').split('?')[0] === p, path)
}

async function fillLogin(page, acc, pwd) {
  await page.getByLabel('账号', { exact: true }).fill(acc)
  await page.getByLabel('密码', { exact: true }).fill(pwd)
}

const isLoginCall = (r) => new URL(r.url()).pathname === '/background/v1/adminUserLogin'

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
})

// Opens the test's page, in a fresh context unless one is given; kept on `t` for the screenshot.
async function open(t, context) {
  t.context = context ?? (t.ownContext = await browser.newContext())
  t.page = await t.context.newPage()
  t.page.setDefaultTimeout(STEP_TIMEOUT_MS)
  t.page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS)
  return t.page
}

// One signed-in browser context shared by the flows that build on each other (d → e → f).
const shared = { context: await browser.newContext(), page: null, name: null }

const tests = [
  ['unauthenticated visit lands on login with redirect', async (t) => {
    const page = await open(t)
    await page.goto(`${BASE}/#/order/index`)
    await waitForPath(page, '/login')
    expect(hashRoute(page).query.get('redirect') === '/order/index', `redirect missing: ${page.url()}`)
    await page.getByRole('heading', { name: '系统登录' }).waitFor()
  }],
  ['short password is refused without a request', async (t) => {
    const page = await open(t)
    let calls = 0
    page.on('request', (r) => { if (isLoginCall(r)) calls++ })
    await page.goto(`${BASE}/#/login`)
    await fillLogin(page, ACCOUNT, '12345')
    await page.getByLabel('密码', { exact: true }).press('Enter')
    await page.getByText('密码不能少于6位').waitFor()
    await page.waitForTimeout(500)
    expect(calls === 0, `expected no login request, saw ${calls}`)
  }],
  ['wrong password shows an error toast and stays on login', async (t) => {
    const page = await open(t)
    await page.goto(`${BASE}/#/login`)
    await fillLogin(page, ACCOUNT, 'not-the-password-e2e')
    const answer = page.waitForResponse(isLoginCall)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    expect((await answer).status() >= 400, 'wrong password was accepted')
    const toast = page.locator('.toast--error')
    await toast.waitFor()
    const text = (await toast.innerText()).trim()
    expect(text.length > 0, 'error toast is empty')
    await page.waitForTimeout(300)
    expect(hashRoute(page).path === '/login', `left the login page: ${page.url()}`)
    await page.getByRole('button', { name: '登录', exact: true }).waitFor()
  }],
  ['correct admin password lands on the order page', async (t) => {
    expect(PASSWORD, 'ADEVAL_ADMIN_PASSWORD is not set')
    const page = (shared.page = await open(t, shared.context))
    await page.goto(`${BASE}/#/order/index`)
    await waitForPath(page, '/login')
    await fillLogin(page, ACCOUNT, PASSWORD)
    const answer = page.waitForResponse(isLoginCall)
    await page.getByLabel('密码', { exact: true }).press('Enter')
    const body = await (await answer).json()
    expect(body.code === 200, `login answered ${JSON.stringify(body)}`)
    shared.name = body.data.name
    await waitForPath(page, '/order/index')
    const user = page.getByTestId('current-user')
    await user.waitFor()
    expect((await user.innerText()) === `已登录：${shared.name}`, `shows "${await user.innerText()}"`)
  }],
  ['reload keeps the session', async (t) => {
    const page = (t.page = shared.page)
    expect(page && shared.name, 'needs the signed-in page of the previous test')
    await page.reload()
    await page.getByTestId('current-user').waitFor()
    expect(hashRoute(page).path === '/order/index', `reload went to ${page.url()}`)
    expect((await page.getByTestId('current-user').innerText()).includes(shared.name), 'name lost on reload')
  }],
  ['logout returns to login', async (t) => {
    const page = (t.page = shared.page)
    expect(page && shared.name, 'needs the signed-in page of the previous test')
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/background/v1/adminUserLoginout')
    await page.getByRole('button', { name: '退出登录' }).click()
    await answer
    await waitForPath(page, '/login')
    expect(hashRoute(page).query.get('redirect') === '/order/index', `redirect missing: ${page.url()}`)
    const cookies = await shared.context.cookies()
    expect(!cookies.some((c) => c.name === 'Admin-Token'), 'token cookie survived logout')
    await page.goto(`${BASE}/#/order/index`)
    await waitForPath(page, '/login')
  }],
]

function withTimeout(promise, ms, what) {
  let timer
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms) })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

await mkdir(OUT, { recursive: true })
let passed = 0
let failed = 0
for (const [i, [name, run]] of tests.entries()) {
  const shot = `${OUT}${String.fromCharCode(97 + i)}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`
  const started = Date.now()
  const t = {}
  try {
    await withTimeout(run(t), TEST_TIMEOUT_MS, name)
    passed++
    console.log(`ok   ${name} (${Date.now() - started} ms)`)
  } catch (err) {
    failed++
    console.log(`FAIL ${name} (${Date.now() - started} ms)\n     ${String(err?.message ?? err).split('\n')[0]}`)
  }
  if (t.page) await withTimeout(t.page.screenshot({ path: shot, fullPage: true }), STEP_TIMEOUT_MS, 'screenshot').catch(() => {})
  await t.ownContext?.close().catch(() => {})
}

await browser.close()
console.log(`e2e: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
