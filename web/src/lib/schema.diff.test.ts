import { zodResolver } from '@hookform/resolvers/zod'
import type { ResolverOptions } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z as zod } from 'zod'

/*
 * Differential test: every form schema the app defines, built once with our '@/lib/schema' and
 * once with zod 4 (the library it replaced, kept as a devDependency), fed the same generated
 * inputs. The forms' own code builds both: '@/lib/schema' is mocked so that its `z` hands out
 * whichever implementation is current while a form's factory runs (docs/decisions.md "Differential tests").
 */

const current = vi.hoisted(() => ({ z: undefined as unknown }))
vi.mock('@/lib/schema', async (importOriginal) => {
  const ours = await importOriginal<typeof import('./schema')>()
  current.z = ours.z
  return { ...ours, z: new Proxy(ours.z, { get: (_, key) => (current.z as Record<PropertyKey, unknown>)[key] }) }
})

const { FORMS } = await import('@/testing/schema-diff-forms')
const ours = await vi.importActual<typeof import('./schema')>('./schema')

type Parser = { safeParse: (v: unknown) => unknown }
type Parsed = { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; code: string; message: string }[] } }

function build(z: unknown, make: () => Parser): Parser {
  current.z = z
  try {
    return make()
  } finally {
    current.z = ours.z
  }
}

/** What a form sees of a parse: success and the parsed value, or each path's first issue. */
function outcome(schema: Parser, input: unknown) {
  const r = schema.safeParse(input) as Parsed
  if (r.success) return { ok: true, data: r.data }
  const first: Record<string, string> = {}
  for (const i of r.error!.issues) first[i.path.join('.')] ??= `${i.code}: ${i.message}`
  return { ok: false, first }
}

const LIMITS = [1, 6, 50, 100, 200, 500, 1000]
const STRINGS = [
  ...['', ' ', '   ', '\t\n', ' a ', 'a', 'A', 'abc', 'a b', '中文', ' 中文 ', 'zhang.san', 'bad account!', 'secret', 'secret1', 'system/menus', 'E'],
  ...['0', '1', '2', '-1', '01', '1.5', '1.', '.5', '1e3', ' 7 ', '99', '100', '100.5', '101', '3600', '3601', 'NaN', 'Infinity'],
  ...['2026-03', '2026-3', '2026-03-01', '2026-02-28', '2026-03-10', '2026-03-11', '2026-03-31', '2026-04-01'],
  ...['18:00-22:00', '22:00-18:00', '18:00 - 22:00', '08:00', '08:00:00', '25:00', '8点'],
  ...LIMITS.flatMap((n) => [n - 1, n, n + 1]).flatMap((n) => ['x'.repeat(n), ` ${'x'.repeat(n)} `, '中'.repeat(n)]),
  '😀'.repeat(200),
  '😀'.repeat(201),
]
const OTHERS = [0, 1, -1, 1.5, 100, 101, NaN, Infinity, -0, true, false, null, undefined, [], [1], [0], [-1], [1.5], [NaN], ['1'], [1, 2], ['a', 1], [null], [{}], {}, { a: 1 }]

/** Inputs for one field: the generated ones, and the valid value padded and in both cases. */
function fieldInputs(valid: unknown): unknown[] {
  const own = typeof valid === 'string' ? [` ${valid} `, valid.toUpperCase(), valid.toLowerCase()] : []
  return [valid, ...own, ...STRINGS, ...OTHERS]
}

const dedupe = (values: unknown[]) => [...new Map(values.map((v) => [JSON.stringify(v) ?? String(v), v])).values()]

/** Each field varied alone; each pair of fields over small sets (cross-field rules); the whole value. */
function inputs(valid: Record<string, unknown>): unknown[] {
  const keys = Object.keys(valid)
  const cases: unknown[] = [undefined, null, 'x', 1, [], {}, { ...valid, extra: 1 }]
  for (const k of keys) for (const v of fieldInputs(valid[k])) cases.push({ ...valid, [k]: v })
  const small = (k: string) => dedupe([valid[k], '', '  ', ...keys.map((o) => valid[o]).filter((v) => typeof v === 'string')])
  for (const [i, a] of keys.entries())
    for (const b of keys.slice(i + 1)) for (const va of small(a)) for (const vb of small(b)) cases.push({ ...valid, [a]: va, [b]: vb })
  return cases
}

/** JSON that tells undefined, NaN, ±Infinity and -0 apart, for comparing outcomes. */
const exact = (v: unknown) =>
  JSON.stringify(v, (_, x) => (x === undefined ? '<undefined>' : typeof x === 'number' && (!Number.isFinite(x) || Object.is(x, -0)) ? `<${Object.is(x, -0) ? '-0' : x}>` : x))

/** A case's input, shortened for a failure message. */
const show = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'string' && x.length > 12 ? `${x.slice(0, 6)}…(${x.length})` : x === undefined ? '<undefined>' : x))

/*
 * Cases where our module answers unlike zod on purpose, with why (docs/decisions.md
 * "Differential tests"). Each is `form: input → what differs`.
 */
const INTENDED: string[] = []

/*
 * Intended, in the resolver's criteriaMode 'all' only (which no form sets): zod 4 still runs its
 * length checks on a value of the wrong type that has a length (an array in a string field, a
 * string in an array field) and lists their messages beside the type issue; ours stops at the type
 * issue, as for every other check. This drops those entries from zod's answer, counting the cases.
 */
let excused = 0
function noLengthAfterWrongType(errors: Record<string, unknown>): boolean {
  let dropped = false
  for (const e of Object.values(errors) as { type?: string; types?: Record<string, unknown> }[]) {
    if (e?.type === 'invalid_type' && e.types && ('too_small' in e.types || 'too_big' in e.types)) {
      delete e.types.too_small
      delete e.types.too_big
      dropped = true
    } else if (e && typeof e === 'object' && !('type' in e)) dropped = noLengthAfterWrongType(e as Record<string, unknown>) || dropped
  }
  return dropped
}

describe('form schemas: ours against zod 4', () => {
  it('builds the Chinese messages the forms show', () => {
    const order = FORMS.find((f) => f.name === 'order')!
    const r = outcome(build(ours.z, order.build), { ...order.valid, mediaId: '' })
    expect(r).toEqual({ ok: false, first: { mediaId: expect.stringMatching(/^too_small: 请/) } })
  })

  it.each(FORMS.map((f) => [f.name, f] as const))('%s', (_, form) => {
    const mine = build(ours.z, form.build)
    const theirs = build(zod, form.build)
    expect(outcome(mine, form.valid), 'the fixture is a value the form would submit').toMatchObject({ ok: true })
    const differ: string[] = []
    const cases = inputs(form.valid)
    for (const input of cases) {
      const a = outcome(mine, input)
      const b = outcome(theirs, input)
      if (exact(a) !== exact(b)) differ.push(`${form.name}: ${show(input)} → ours ${show(a)}, zod ${show(b)}`)
    }
    expect(cases.length).toBeGreaterThan(100)
    expect(differ).toEqual(INTENDED.filter((d) => d.startsWith(`${form.name}: `)))
  })

  it.each(FORMS.map((f) => [f.name, f] as const))('%s: the resolver gives react-hook-form the same values and errors', async (_, form) => {
    type Resolve = (values: unknown, context: unknown, options: unknown) => Promise<unknown>
    const mine = ours.schemaResolver(build(ours.z, form.build) as never) as Resolve
    const theirs = zodResolver(build(zod, form.build) as never) as Resolve
    for (const criteriaMode of ['firstError', 'all'] as const) {
      const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode } as ResolverOptions<Record<string, unknown>>
      for (const [k, v] of Object.entries(form.valid))
        for (const input of fieldInputs(v)) {
          const values = { ...form.valid, [k]: input }
          const expected = (await theirs(values, undefined, options)) as { errors: Record<string, unknown> }
          if (criteriaMode === 'all' && noLengthAfterWrongType(expected.errors)) excused++
          expect(await mine(values, undefined, options), `${form.name} ${criteriaMode} ${show(values)}`).toEqual(expected)
        }
    }
  })

  it('the one intended difference is still there in zod', () => expect(excused).toBeGreaterThan(0))
})
