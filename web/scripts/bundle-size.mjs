// Web bundle sizes of a build (`npm run build` first): the gzip size of the dashboard route's own
// JavaScript — the chunks opening /dashboard loads beyond what the app shell has already loaded —
// and of the whole app's JavaScript (every chunk, every screen). Exits 1 when either is over its
// budget (120 KB and 300 KB). With ADEVAL_BENCH_REPORT set (scripts/bench.sh), it
// appends a "## Web bundle" section to that file as the other benches do.
//   node scripts/bundle-size.mjs [dist]
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const KB = 1024
export const BUDGETS = { route: 120 * KB, app: 300 * KB }
/** The dashboard page's chunk: Vite names a lazy route's chunk after its module. */
const ROUTE_CHUNK = /^dashboard-page-[\w-]+\.js$/

/** The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import()`. */
export function staticImports(code) {
  const found = new Set()
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) found.add(m[1])
  return [...found]
}

/** `start` and every chunk it needs before it runs, by file name. */
export function closure(start, importsOf) {
  const seen = new Set()
  const todo = [start]
  while (todo.length) {
    const name = todo.pop()
    if (seen.has(name)) continue
    seen.add(name)
    todo.push(...importsOf(name))
  }
  return seen
}

/** Sizes of a build's assets folder: the route's own chunks, the shell's, and every chunk. */
export function measure(dist) {
  const assets = join(dist, 'assets')
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const entry = /<script[^>]+src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1]
  if (!entry) throw new Error(`no entry script in ${dist}/index.html`)
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'))
  const route = files.find((f) => ROUTE_CHUNK.test(f))
  if (!route) throw new Error(`no dashboard route chunk (dashboard-page-*.js) in ${assets}`)

  const code = new Map(files.map((f) => [f, readFileSync(join(assets, f))]))
  const gzip = new Map([...code].map(([f, bytes]) => [f, gzipSync(bytes, { level: 9 }).length]))
  const importsOf = (f) => staticImports(code.get(f)?.toString('utf8') ?? '').filter((x) => code.has(x))
  const shell = closure(entry, importsOf)
  const own = [...closure(route, importsOf)].filter((f) => !shell.has(f)).sort((a, b) => gzip.get(b) - gzip.get(a))
  const sum = (names) => names.reduce((n, f) => n + gzip.get(f), 0)
  return {
    route: { chunks: own.map((f) => ({ file: f, gzip: gzip.get(f), raw: code.get(f).length })), gzip: sum(own) },
    shell: { chunks: shell.size, gzip: sum([...shell]) },
    app: { chunks: files.length, gzip: sum(files), raw: files.reduce((n, f) => n + code.get(f).length, 0) },
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
const verdict = (met) => (met ? '**met**' : '**not met**')

export function markdown(m) {
  const routeMet = m.route.gzip <= BUDGETS.route
  const appMet = m.app.gzip <= BUDGETS.app
  const lines = [
    '## Web bundle',
    '',
    'The production build (`npm run build`), gzip level 9 per file. **The dashboard route** is what opening',
    '/dashboard loads beyond the app shell: its chunk and the chunks only it (or other lazy screens) need, visx',
    'included. **The whole app** is every JavaScript chunk of the build, every screen.',
    '',
    '| chunk | raw | gzip |',
    '|---|---|---|',
    ...m.route.chunks.map((c) => `| ${c.file} | ${kb(c.raw)} | ${kb(c.gzip)} |`),
    '',
    '| goal | measured | verdict |',
    '|---|---|---|',
    `| dashboard route ≤ ${kb(BUDGETS.route)} gzip | ${kb(m.route.gzip)} (${m.route.chunks.length} chunks) | ${verdict(routeMet)} |`,
    `| whole app ≤ ${kb(BUDGETS.app)} gzip | ${kb(m.app.gzip)} (${m.app.chunks} chunks, ${kb(m.app.raw)} raw) | ${verdict(appMet)} |`,
    '',
    `The app shell (the sign-in page's JavaScript) is ${kb(m.shell.gzip)} gzip in ${m.shell.chunks} chunks.`,
    '',
  ]
  return { text: lines.join('\n'), met: routeMet && appMet }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url))
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`no build in ${dist}: run \`npm run build\` first`)
    process.exit(2)
  }
  const { text, met } = markdown(measure(dist))
  console.log(text)
  if (process.env.ADEVAL_BENCH_REPORT) appendFileSync(process.env.ADEVAL_BENCH_REPORT, `${text}\n`)
  process.exit(met ? 0 : 1)
}
