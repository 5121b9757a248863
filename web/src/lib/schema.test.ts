import { describe, expect, it } from 'vitest'
import { schemaResolver, z } from './schema'

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.code, i.message]) ?? []

describe('schema', () => {
  it('trims before the later checks and in the result', () => {
    const name = z.string().trim().min(1, 'required').max(3, 'long')
    expect(issues(name.safeParse('   '))).toEqual([['', 'too_small', 'required']])
    expect(name.safeParse(' abc ')).toEqual({ success: true, data: 'abc' })
    expect(issues(name.safeParse(' abcd '))).toEqual([['', 'too_big', 'long']])
  })

  it('runs every check after a failed one, in order', () => {
    const s = z.string().min(2, 'short').regex(/^\d+$/, 'digits').refine((v) => v !== 'x', 'not x')
    expect(issues(s.safeParse('x'))).toEqual([
      ['', 'too_small', 'short'],
      ['', 'invalid_format', 'digits'],
      ['', 'custom', 'not x'],
    ])
  })

  it('keeps only the shape’s keys, and reports field issues before the object’s own', () => {
    const s = z
      .object({ a: z.string().trim().min(1, 'a'), b: z.array(z.number()).min(1, 'b') })
      .superRefine((v, ctx) => ctx.addIssue({ code: 'custom', path: ['a'], message: `whole ${v.a}` }))
      .refine(() => false, { message: 'at b', path: ['b'] })
    expect(z.object({ a: z.string() }).safeParse({ a: 'x', extra: 1 })).toEqual({ success: true, data: { a: 'x' } })
    expect(issues(s.safeParse({ a: ' ', b: [] }))).toEqual([
      ['a', 'too_small', 'a'],
      ['b', 'too_small', 'b'],
      ['a', 'custom', 'whole '],
      ['b', 'custom', 'at b'],
    ])
  })

  it('skips the checks once a value has the wrong type, up through its objects', () => {
    const s = z.object({ k: z.enum(['1', '2']), n: z.array(z.number()) }).refine(() => false, 'never reached')
    expect(issues(s.safeParse({ k: '3', n: [1, 'x'] })).map(([path, code]) => [path, code])).toEqual([
      ['k', 'invalid_value'],
      ['n.1', 'invalid_type'],
    ])
    expect(issues(z.string().min(1, 'never').safeParse(undefined))[0][1]).toBe('invalid_type')
  })

  it('lets null through a nullable schema to its own refinements only', () => {
    const s = z.string().nullable().refine((v) => v !== null, 'pick one')
    expect(issues(s.safeParse(null))).toEqual([['', 'custom', 'pick one']])
    expect(s.safeParse('A')).toEqual({ success: true, data: 'A' })
    expect(z.custom<{ x: number }>().safeParse({ x: 1 })).toEqual({ success: true, data: { x: 1 } })
  })
})

// Found by the differential test against zod (schema.diff.test.ts); zod 4.6 answers so.
describe('schema, as zod 4 does it', () => {
  it('counts a string’s length in code points', () => {
    const s = z.string().min(2, 'short').max(3, 'long')
    expect(s.safeParse('😀😀😀')).toEqual({ success: true, data: '😀😀😀' })
    expect(issues(s.safeParse('😀😀😀😀'))).toEqual([['', 'too_big', 'long']])
    expect(issues(s.safeParse('😀'))).toEqual([['', 'too_small', 'short']])
  })

  it('takes finite numbers only, and names NaN and Infinity in the message', () => {
    expect(issues(z.number().safeParse(Infinity))).toEqual([['', 'invalid_type', 'Invalid input: expected number, received Infinity']])
    expect(issues(z.number().safeParse(NaN))).toEqual([['', 'invalid_type', 'Invalid input: expected number, received NaN']])
    expect(issues(z.string().safeParse(-Infinity))).toEqual([['', 'invalid_type', 'Invalid input: expected string, received -Infinity']])
  })
})

describe('schemaResolver', () => {
  const schema = z.object({ name: z.string().trim().min(1, 'required').min(3, 'short'), tags: z.array(z.string()) })
  const options = { fields: {}, shouldUseNativeValidation: false } as const

  it('hands the parsed values on', async () => {
    expect(await schemaResolver(schema)({ name: ' abc ', tags: [] }, undefined, options)).toEqual({ values: { name: 'abc', tags: [] }, errors: {} })
  })

  it('keeps each field’s first issue, or all of them with criteriaMode all', async () => {
    const first = await schemaResolver(schema)({ name: ' ', tags: [] }, undefined, options)
    expect(first).toEqual({ values: {}, errors: { name: { message: 'required', type: 'too_small' } } })
    const all = await schemaResolver(schema)({ name: ' ', tags: [] }, undefined, { ...options, criteriaMode: 'all' })
    expect(all.errors.name).toMatchObject({ message: 'required', type: 'too_small', types: { too_small: ['required', 'short'] } })
  })
})
