import { get, set, type FieldError, type FieldValues, type Resolver, type ResolverOptions } from './form-store'

/*
 * The forms' validation rules: the few zod calls the app used (string, number, boolean, array,
 * object, enum, custom; trim, min, max, regex, nullable, refine, superRefine) with zod 4's
 * semantics, in a fraction of its bytes (to keep the bundle small). What the forms rely on:
 * - a value of the wrong type is an issue that stops the checks after it — its own schema's and
 *   every enclosing object's refinements; a failed check does not, so every check still runs;
 * - `trim()` changes the value the later checks see and the parsed result;
 * - an object's result has only its own keys; issues come field by field, then the object's own.
 */

export type Issue = { code: string; path: PropertyKey[]; message: string; continue?: boolean }
export type SafeParse<T> = { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: { issues: Issue[] } }
type RefineCtx = { addIssue: (issue: { code?: string; path?: PropertyKey[]; message: string }) => void }
type Check = (value: unknown, issues: Issue[]) => unknown
type Run = (value: unknown, issues: Issue[]) => unknown

// zod names NaN and ±Infinity by their value, as the one number it rejects.
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : typeof v)
const wrongType = (expected: string, value: unknown): Issue => ({
  code: 'invalid_type',
  path: [],
  message: `Invalid input: expected ${expected}, received ${typeOf(value)}`,
})
/** Whether an issue from `from` on stops later checks: every issue but a failed check's does. */
const aborted = (issues: Issue[], from = 0) => issues.slice(from).some((i) => i.continue !== true)

export class Schema<T> {
  /** The parsed value's type, for shapes to name; never set. */
  declare readonly _output: T
  private readonly base: Run
  private readonly checks: readonly Check[]
  constructor(base: Run, checks: readonly Check[] = []) {
    this.base = base
    this.checks = checks
  }

  protected run(value: unknown, issues: Issue[]): unknown {
    let v = this.base(value, issues)
    let stop = aborted(issues)
    for (const check of this.checks) {
      if (stop) break
      const before = issues.length
      v = check(v, issues)
      stop = aborted(issues, before)
    }
    return v
  }

  protected with(check: Check): this {
    const next = Object.create(Object.getPrototypeOf(this)) as this
    Object.assign(next, this, { checks: [...this.checks, check] })
    return next
  }

  safeParse(value: unknown): SafeParse<T> {
    const issues: Issue[] = []
    const data = this.run(value, issues) as T
    return issues.length ? { success: false, error: { issues } } : { success: true, data }
  }

  /** A failed `ok` is one issue, at `path` when given; later checks still run. */
  refine(ok: (value: T) => unknown, message: string | { message: string; path?: PropertyKey[] }): this {
    const { message: text, path = [] } = typeof message === 'string' ? { message } : message
    return this.with((v, issues) => {
      if (!ok(v as T)) issues.push({ code: 'custom', path: [...path], message: text, continue: true })
      return v
    })
  }

  superRefine(fn: (value: T, ctx: RefineCtx) => void): this {
    return this.with((v, issues) => {
      fn(v as T, { addIssue: ({ code = 'custom', path = [], message }) => issues.push({ code, path, message, continue: true }) })
      return v
    })
  }

  nullable(): Schema<T | null> {
    return new Schema<T | null>((v, issues) => (v === null ? null : this.run(v, issues)))
  }
}

const lengthCheck =
  (min: boolean, n: number, message: string | undefined, what: string): Check =>
  (v, issues) => {
    // zod 4 measures strings in code points: an emoji or a rare CJK character is one character.
    const len = typeof v === 'string' ? [...v].length : (v as unknown[]).length
    if (min ? len < n : len > n)
      issues.push({
        code: min ? 'too_small' : 'too_big',
        path: [],
        message: message ?? `Too ${min ? 'small' : 'big'}: expected ${what} to have ${min ? '>=' : '<='}${n} ${what === 'string' ? 'characters' : 'items'}`,
        continue: true,
      })
    return v
  }

class StringSchema extends Schema<string> {
  trim() {
    return this.with((v) => (v as string).trim())
  }
  min(n: number, message?: string) {
    return this.with(lengthCheck(true, n, message, 'string'))
  }
  max(n: number, message?: string) {
    return this.with(lengthCheck(false, n, message, 'string'))
  }
  regex(re: RegExp, message?: string) {
    return this.with((v, issues) => {
      re.lastIndex = 0
      if (!re.test(v as string)) issues.push({ code: 'invalid_format', path: [], message: message ?? `Invalid string: must match pattern ${re}`, continue: true })
      return v
    })
  }
}

class ArraySchema<T> extends Schema<T[]> {
  min(n: number, message?: string) {
    return this.with(lengthCheck(true, n, message, 'array'))
  }
  max(n: number, message?: string) {
    return this.with(lengthCheck(false, n, message, 'array'))
  }
}

type Shape = Record<string, Schema<unknown>>
type OutputOf<S extends Shape> = { [K in keyof S]: S[K]['_output'] }

const typed =
  (expected: string, ok: (v: unknown) => boolean): Run =>
  (v, issues) => {
    if (!ok(v)) issues.push(wrongType(expected, v))
    return v
  }

/** `issues` of a part of the value, moved under `key`. */
function under(key: PropertyKey, run: (issues: Issue[]) => unknown, issues: Issue[]) {
  const own: Issue[] = []
  const value = run(own)
  for (const i of own) issues.push({ ...i, path: [key, ...i.path] })
  return value
}

export const z = {
  string: () => new StringSchema(typed('string', (v) => typeof v === 'string')),
  number: () => new Schema<number>(typed('number', (v) => typeof v === 'number' && Number.isFinite(v))),
  boolean: () => new Schema<boolean>(typed('boolean', (v) => typeof v === 'boolean')),
  /** Anything, typed as `T`. */
  custom: <T>() => new Schema<T>((v) => v),
  enum: <const V extends readonly string[]>(values: V) =>
    new Schema<V[number]>((v, issues) => {
      if (!values.includes(v as string))
        issues.push({ code: 'invalid_value', path: [], message: `Invalid option: expected one of ${values.map((x) => JSON.stringify(x)).join('|')}` })
      return v
    }),
  array: <T>(item: Schema<T>) =>
    new ArraySchema<T>((v, issues) => {
      if (!Array.isArray(v)) {
        issues.push(wrongType('array', v))
        return v
      }
      return v.map((x, i) => under(i, (own) => item['run'](x, own), issues))
    }),
  object: <S extends Shape>(shape: S) =>
    new Schema<OutputOf<S>>((v, issues) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) {
        issues.push(wrongType('object', v))
        return v
      }
      const input = v as Record<string, unknown>
      const out: Record<string, unknown> = {}
      for (const [key, schema] of Object.entries(shape)) {
        const value = under(key, (own) => schema['run'](input[key], own), issues)
        if (value !== undefined || key in input) out[key] = value
      }
      return out
    }),
}


/**
 * The forms' resolver for a schema, as @hookform/resolvers' zodResolver does it for
 * react-hook-form: the parsed (trimmed) values on success, otherwise each field's first issue
 * (all of them with `criteriaMode: 'all'`), nested and tied to the fields' refs. Native
 * validation (`shouldUseNativeValidation`) is left out: no form asks for it.
 */
export function schemaResolver<V extends FieldValues>(schema: Schema<unknown>): Resolver<V> {
  return async (values, _context, options) => {
    const result = schema.safeParse(values)
    if (result.success) return { values: result.data as V, errors: {} }
    const all = options.criteriaMode === 'all'
    const errors: Record<string, FieldError> = {}
    for (const { code, message, path } of result.error.issues) {
      const key = path.join('.')
      if (!errors[key]) errors[key] = { message, type: code }
      if (all) {
        const seen = errors[key].types?.[code]
        errors[key] = { ...errors[key], types: { ...errors[key].types, [code]: seen ? ([] as string[]).concat(seen as string | string[], message) : message } }
      }
    }
    return { values: {}, errors: nestErrors(errors, options) }
  }
}

/**
 * Flat `a.0.b` errors as the nested tree the form reads, each with its field's ref; an error on
 * a path that names a list of fields (`a` when `a.0` is a field) goes under its `root`, as
 * @hookform/resolvers' toNestErrors places it.
 */
function nestErrors(flat: Record<string, FieldError>, options: ResolverOptions) {
  const nested: Record<string, unknown> = {}
  const names = options.names ?? Object.keys(flat)
  for (const path of Object.keys(flat)) {
    const field = options.fields[path] ?? get(options.fields, path)
    const error = Object.assign(flat[path], { ref: field && field.refs ? field.refs[0] : field && field.ref })
    if (names.some((n) => new RegExp(`^${path.replace(/[.*+?^${}()|\\]/g, '\\$&')}\\.\\d+`).test(n))) {
      const tree = Object.assign({}, get(nested, path))
      set(tree, 'root', error)
      set(nested, path, tree)
    } else set(nested, path, error)
  }
  return nested
}
