// The runner's own check, run by `make test` before the flows: over runner-fixtures/, a flow that
// made no check fails the run, and a setup step passes without being counted as a flow.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = fileURLToPath(new URL('./run.mjs', import.meta.url))
const fixtures = fileURLToPath(new URL('./runner-fixtures/', import.meta.url))
const result = await promisify(execFile)(process.execPath, [run], { env: { ...process.env, ADEVAL_E2E_DIR: fixtures } }).then(
  (ok) => ({ code: 0, out: ok.stdout }),
  (err) => ({ code: err.code, out: err.stdout ?? '' }),
)
const wanted = [
  'set  runner-fixture: a setup step',
  'ok   runner-fixture: a flow that checks (',
  'FAIL runner-fixture: a flow that checks nothing: made no check',
  'e2e: 1 flows passed, 1 failed (1 setup steps besides)',
]
const missing = wanted.filter((line) => !result.out.includes(line))
if (result.code !== 1 || missing.length) {
  console.error(`the flow runner misjudged its fixtures (exit ${result.code}); missing: ${missing.join(' | ')}\n${result.out}`)
  process.exit(1)
}
console.log('e2e runner: a flow without a check fails; setup steps are not counted')
