// Browser flows against a running server:
//   ADEVAL_E2E_URL=… ADEVAL_ADMIN_PASSWORD=… ADEVAL_E2E_CLERK_PASSWORD=… npm run e2e [-- file-filter …]
// The analysis flow also loads rating series from the shell: ADEVAL_BIN, and the server's
// DATABASE_URL and ADEVAL_DATA_DIR.
// Runs every e2e/tests/*.mjs in alphabetical order, its `tests` in order. A test marked
// `setup: true` (signing in, seeding through the API or the shell) prepares the flows after it:
// it must pass but is not counted among the flows. Every other test is a flow and must make at
// least one check (lib.mjs's `expect`, `expectAccessible`, `toastSays`), or it fails. A test has
// 30 s unless it says `timeoutMs` (a flow whose seeding grows with what it measures).
// Each test gets `ctx`:
//   browser, base, admin {account, password}, clerk {account, password},
//   open({ keep }) → fresh context's page (10 s default timeouts; closed after the test unless
//                    keep: true, then after the file),
//   signIn(page, account, password), expect(cond, message), shot(page, label) →
//   test-results/<file>-<label>.png, state (an object shared by the tests of one file),
//   page (set it to choose the page of the automatic end-of-test screenshot; default: the last opened).
import { mkdir, readdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { checks, config, expect, launch, signIn, slug, withTimeout } from './lib.mjs'

// ADEVAL_E2E_DIR: another folder of flows (the runner's own check runs its fixtures).
const dir = process.env.ADEVAL_E2E_DIR ?? fileURLToPath(new URL('./tests/', import.meta.url))
const filters = process.argv.slice(2)
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.mjs') && (!filters.length || filters.some((x) => f.includes(x))))
  .sort()

// A wait left pending by a failed test may reject later: that test has already been reported.
process.on('unhandledRejection', () => {})

await mkdir(config.out, { recursive: true })
const browser = await launch()
let passed = 0
let failed = 0
let setups = 0
// Repeated at the end: in a long log beside another lane, the end is what a reader sees first.
const failures = []

async function shoot(page, path) {
  if (!page || page.isClosed()) return
  await withTimeout(page.screenshot({ path, fullPage: true }), config.stepTimeoutMs, 'screenshot').catch(() => {})
}

for (const file of files) {
  const label = basename(file, '.mjs')
  for (const old of (await readdir(config.out)).filter((f) => f.startsWith(`${label}-`) && f.endsWith('.png'))) {
    await rm(`${config.out}${old}`, { force: true })
  }
  let tests
  try {
    ;({ tests } = await import(pathToFileURL(join(dir, file)).href))
  } catch (err) {
    failed++
    failures.push(`FAIL ${label}: (load): ${String(err?.message ?? err).split('\n')[0]}`)
    console.log(failures.at(-1))
    continue
  }
  const state = {}
  const kept = []
  for (const [i, test] of tests.entries()) {
    const owned = []
    const ctx = {
      browser,
      base: config.base,
      admin: config.admin,
      clerk: config.clerk,
      state,
      page: null,
      expect,
      signIn,
      async open({ keep = false } = {}) {
        // The server dates things in Asia/Shanghai; so do the browser and the flows' own dates.
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: 'Asia/Shanghai' })
        ;(keep ? kept : owned).push(context)
        const page = await context.newPage()
        page.setDefaultTimeout(config.stepTimeoutMs)
        page.setDefaultNavigationTimeout(config.stepTimeoutMs)
        ctx.lastOpened = page
        return page
      },
      shot: (page, name) => shoot(page, `${config.out}${label}-${slug(name)}.png`),
    }
    const started = Date.now()
    const checked = checks.made
    try {
      await withTimeout(test.run(ctx), test.timeoutMs ?? config.testTimeoutMs, test.name)
      const made = checks.made - checked
      if (test.setup) {
        setups++
        console.log(`set  ${label}: ${test.name} (${Date.now() - started} ms)`)
      } else {
        if (!made) throw new Error('made no check: a flow ends by checking what it did (expect, expectAccessible, toastSays)')
        passed++
        console.log(`ok   ${label}: ${test.name} (${Date.now() - started} ms, ${made} checks)`)
      }
    } catch (err) {
      failed++
      failures.push(`FAIL ${label}: ${test.name}: ${String(err?.message ?? err).split('\n')[0]} (${Date.now() - started} ms)`)
      console.log(failures.at(-1))
      if (process.env.ADEVAL_E2E_DEBUG) console.log(String(err?.stack ?? err))
    }
    const num = String(i + 1).padStart(2, '0')
    await shoot(ctx.page ?? ctx.lastOpened, `${config.out}${label}-${num}-${slug(test.name)}.png`)
    for (const c of owned) await c.close().catch(() => {})
  }
  for (const c of kept) await c.close().catch(() => {})
}

await browser.close()
for (const line of failures) console.log(line)
console.log(`e2e: ${passed} flows passed, ${failed} failed (${setups} setup steps besides)`)
process.exit(failed ? 1 : 0)
