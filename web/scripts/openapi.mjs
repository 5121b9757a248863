// Refreshes web/openapi.json from the server and src/types/api.ts from it.
//
//   node scripts/openapi.mjs          write both files
//   node scripts/openapi.mjs --check  fail when either file is stale (CI)
//
// The document comes from `adeval openapi` (ADEVAL_BIN, default the shared cargo target's debug
// build) or, with ADEVAL_OPENAPI_URL, from a running server's /background/v1/openapi.json.
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const docPath = `${root}openapi.json`
const typesPath = `${root}src/types/api.ts`
const check = process.argv.includes('--check')

async function fetchDocument() {
  const url = process.env.ADEVAL_OPENAPI_URL
  if (url) return (await fetch(url)).json()
  const bin = process.env.ADEVAL_BIN ?? `${homedir()}/.cache/adeval/target/debug/adeval`
  return JSON.parse(execFileSync(bin, ['openapi'], { encoding: 'utf8', maxBuffer: 64 << 20 }))
}

/** Every `$ref` must name a schema the document defines, or the generated types go wrong. */
function danglingRefs(doc) {
  const defined = new Set(Object.keys(doc.components?.schemas ?? {}))
  const missing = new Set()
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string') {
          const name = x.replace('#/components/schemas/', '')
          if (!defined.has(name)) missing.add(name)
        } else walk(x)
      }
    }
  }
  walk(doc)
  return [...missing]
}

function generateTypes() {
  const bin = `${root}node_modules/.bin/openapi-typescript`
  // `--enum-values` also exports each enum's values as an array (`fileTagValues`, …): the lists
  // the server owns (file tags, seconds options) reach the UI from the document, not from copies.
  return execFileSync(bin, [docPath, '--enum-values'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

const doc = await fetchDocument()
const missing = danglingRefs(doc)
if (missing.length) {
  console.error(`openapi: the server's document references undefined schemas: ${missing.join(', ')}`)
  process.exit(1)
}
const docText = `${JSON.stringify(doc, null, 2)}\n`

if (check) {
  const stale = []
  if ((await readFile(docPath, 'utf8').catch(() => '')) !== docText) stale.push('openapi.json')
  if ((await readFile(typesPath, 'utf8').catch(() => '')) !== generateTypes()) stale.push('src/types/api.ts')
  if (stale.length) {
    console.error(`openapi: stale ${stale.join(' and ')}; run \`node scripts/openapi.mjs\``)
    process.exit(1)
  }
  console.log('openapi: openapi.json and src/types/api.ts are current')
} else {
  await writeFile(docPath, docText)
  await writeFile(typesPath, generateTypes())
  console.log('openapi: wrote openapi.json and src/types/api.ts')
}
