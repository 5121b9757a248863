// Browser flows against a running server:
//   ADEVAL_E2E_URL=… ADEVAL_ADMIN_PASSWORD=… ADEVAL_E2E_CLERK_PASSWORD=… npm run e2e [-- file-filter …]
// The analysis flow also loads rating series from the shell: ADEVAL_BIN, and the server's
// DATABASE_URL and ADEVAL_DATA_DIR.
// Runs every e2e/tests/*.mjs, its `tests` in order. With one server, the files in alphabetical
// order. With several (ADEVAL_E2E_SERVERS, a JSON array of {url, databaseUrl, dataDir}: each
// server its own database and data dir, the same admin and clerk passwords), one worker process
// per server, each with its own browser, takes the next file as it finishes one (the largest
// files first): a file's tests run in order on one server, files run side by side. A test marked
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
import { fork } from 'node:child_process'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { checks, config, expect, launch, signIn, slug, withTimeout } from './lib.mjs'

// ADEVAL_E2E_DIR: another folder of flows (the runner's own check runs its fixtures).
const dir = process.env.ADEVAL_E2E_DIR ?? fileURLToPath(new URL('./tests/', import.meta.url))
const filters = process.argv.slice(2)
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.mjs') && (!filters.length || filters.some((x) => f.includes(x))))
  .sort()
const servers = process.env.ADEVAL_E2E_SERVERS ? JSON.parse(process.env.ADEVAL_E2E_SERVERS) : []
const worker = Boolean(process.env.ADEVAL_E2E_WORKER && process.send)

// A wait left pending by a failed test may reject later: that test has already been reported.
process.on('unhandledRejection', () => {})

await mkdir(config.out, { recursive: true })
// Repeated at the end: in a long log beside another lane, the end is what a reader sees first.
const tally = { passed: 0, failed: 0, setups: 0, failures: [] }

if (servers.length > 1 && !worker) {
  await dealFiles()
} else {
  const browser = await launch()
  for await (const file of worker ? filesFromParent() : files) await runFile(browser, file)
  await browser.close()
}
if (worker) {
  process.send({ tally }, () => process.exit(0))
} else {
  for (const line of tally.failures) console.log(line)
  console.log(`e2e: ${tally.passed} flows passed, ${tally.failed} failed (${tally.setups} setup steps besides)`)
  process.exit(tally.failed ? 1 : 0)
}

/** One worker per server; each asks for the next file when it has run its last. */
async function dealFiles() {
  const sizes = new Map(await Promise.all(files.map(async (f) => [f, (await stat(join(dir, f))).size])))
  const queue = [...files].sort((a, b) => sizes.get(b) - sizes.get(a))
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          const child = fork(fileURLToPath(import.meta.url), [], {
            env: {
              ...process.env,
              ADEVAL_E2E_WORKER: '1',
              ADEVAL_E2E_URL: server.url,
              DATABASE_URL: server.databaseUrl,
              ADEVAL_DATA_DIR: server.dataDir,
            },
          })
          let reported = false
          child.on('message', (m) => {
            if (m.next) child.send({ file: queue.shift() ?? null })
            if (m.tally) {
              reported = true
              for (const k of ['passed', 'failed', 'setups']) tally[k] += m.tally[k]
              tally.failures.push(...m.tally.failures)
            }
          })
          child.on('exit', (code) => {
            if (!reported) {
              tally.failed++
              tally.failures.push(`FAIL worker on ${server.url} ended (exit ${code}) without reporting`)
            }
            resolve()
          })
        }),
    ),
  )
}

async function* filesFromParent() {
  for (;;) {
    const file = await new Promise((resolve) => {
      process.once('message', (m) => resolve(m.file))
      process.send({ next: true })
    })
    if (!file) return
    yield file
  }
}

async function shoot(page, path) {
  if (!page || page.isClosed()) return
  await withTimeout(page.screenshot({ path, fullPage: true }), config.stepTimeoutMs, 'screenshot').catch(() => {})
}

async function runFile(browser, file) {
  const label = basename(file, '.mjs')
  for (const old of (await readdir(config.out)).filter((f) => f.startsWith(`${label}-`) && f.endsWith('.png'))) {
    await rm(`${config.out}${old}`, { force: true })
  }
  let tests
  try {
    ;({ tests } = await import(pathToFileURL(join(dir, file)).href))
  } catch (err) {
    tally.failed++
    tally.failures.push(`FAIL ${label}: (load): ${String(err?.message ?? err).split('\n')[0]}`)
    console.log(tally.failures.at(-1))
    return
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
        tally.setups++
        console.log(`set  ${label}: ${test.name} (${Date.now() - started} ms)`)
      } else {
        if (!made) throw new Error('made no check: a flow ends by checking what it did (expect, expectAccessible, toastSays)')
        tally.passed++
        console.log(`ok   ${label}: ${test.name} (${Date.now() - started} ms, ${made} checks)`)
      }
    } catch (err) {
      tally.failed++
      tally.failures.push(`FAIL ${label}: ${test.name}: ${String(err?.message ?? err).split('\n')[0]} (${Date.now() - started} ms)`)
      console.log(tally.failures.at(-1))
      if (process.env.ADEVAL_E2E_DEBUG) console.log(String(err?.stack ?? err))
    }
    const num = String(i + 1).padStart(2, '0')
    await shoot(ctx.page ?? ctx.lastOpened, `${config.out}${label}-${num}-${slug(test.name)}.png`)
    for (const c of owned) await c.close().catch(() => {})
  }
  for (const c of kept) await c.close().catch(() => {})
}

