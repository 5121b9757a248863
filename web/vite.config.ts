/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { localeValues } from './locale-values.ts'
import { pageChunks } from './page-chunks.ts'

// ADEVAL_ADDR is the server's listen address (host:port), as `adeval serve` reads it.
const addr = process.env.ADEVAL_ADDR ?? '127.0.0.1:8080'
const backend = /^https?:\/\//.test(addr) ? addr : `http://${addr}`

// The sign secret is shared with the server and baked into the bundle (docs/api.md, "Signing").
const signSecret = process.env.ADEVAL_SIGN_SECRET ?? 'adeval-dev-sign-secret'

/** The features only the route table imports, lazily, apart from the orders and the dashboard. */
const BACK_OFFICE = /\/src\/features\/(accounts|admin-log|customers|files|menus|network-viewing|products|profile|suits|system|tapes|time-periods)\//

/**
 * The test files that mock a module (vi.mock, vi.doMock; read from the files, so a new one is not
 * forgotten): they run isolated (the test projects below). Read only when Vitest loads this
 * file; the build and the dev server have no use for it.
 */
const src = fileURLToPath(new URL('./src', import.meta.url))
const MOCKING_FILES = process.env.VITEST
  ? readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(readFileSync(`${src}/${f}`, 'utf8')))
      .map((f) => `src/${f}`)
  : []

/** Modules that exactly the same pages load share a chunk (page-chunks.ts). */
const pages = pageChunks({ layout: /\/src\/app\/layout\/layout\.tsx$/, routeTable: /\/src\/app\/route-table\.ts$/, glued: BACK_OFFICE })

export default defineConfig({
  // Relative asset paths: the app uses hash routing, so it can be served from any path.
  base: './',
  plugins: [react(), localeValues(), pages.plugin],
  // Locale files ship as JSON.parse of one string: smaller and faster to parse than object literals
  // with a named export per key, which the app never imports (issue 18).
  json: { namedExports: false, stringify: true },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // @visx/text's calc() reducer, without the expression evaluator it brings (src/lib/css-calc.ts).
      'reduce-css-calc': fileURLToPath(new URL('./src/lib/css-calc.ts', import.meta.url)),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // The back-office screens, reached only through their lazy routes, ship as one chunk:
        // each screen's own chunk gzips with its own overhead, together they are 12 KB smaller
        // (issue 18). Neither the sign-in page nor the dashboard loads it.
        // Then one chunk for what the entry loads and one per set of pages for what two or more
        // kinds of page load (page-chunks.ts): no page loads more, the app has 18 chunks, not 51.
        codeSplitting: {
          groups: [
            { name: 'back-office', test: BACK_OFFICE },
            { name: pages.name, debugName: 'pages', priority: -1 },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  define: { 'import.meta.env.VITE_SIGN_SECRET': JSON.stringify(signSecret) },
  server: {
    proxy: {
      '/background': { target: backend, ws: true },
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    testTimeout: 20_000,
    // A worker per core: Vitest's default leaves one core free, which on a 2-core machine (CI, the
    // goal's) is one worker for the whole suite; `make test` runs it after its first lane ends.
    maxWorkers: '100%',
    // visx goes through Vite in tests as in the build, so its reduce-css-calc is our alias there too.
    server: { deps: { inline: [/@visx\//] } },
    // Most files share one module registry and one jsdom per worker: each file's setup and the
    // app's module graph are paid once per worker, not once per file (half the suite's time).
    // The setup file puts back what a file may leave behind (src/testing/setup.ts). Files that
    // mock a module with vi.mock run isolated: Vitest clears its module mocks only between
    // isolated files, so in a shared registry a mock would miss the modules an earlier file
    // loaded and reach the files after it (docs/decisions.md "Web unit tests: shared module registry").
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
})
