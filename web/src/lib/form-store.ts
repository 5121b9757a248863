/*
 * The form state behind `lib/form.ts` (to keep the bundle small): what react-hook-form 7's
 * control does for the app's forms, kept to the calls they make. Values live here, not in React
 * state; registered inputs stay uncontrolled, their DOM values written when they attach, on
 * `setValue` and on `reset`. Validation is the resolver's only, in react-hook-form's default modes:
 * nothing before the first submit, then on each change (not blur) of the field changed.
 */

export type FieldValues = Record<string, any>
export type FieldError = { type: string; message?: string; ref?: unknown; types?: Record<string, string | string[] | true> }
export type FieldRef = { name: string; ref?: unknown; refs?: HTMLInputElement[] }
export type ResolverOptions<_V = FieldValues> = {
  criteriaMode?: 'firstError' | 'all'
  fields: Record<string, FieldRef>
  names?: string[]
  shouldUseNativeValidation?: boolean
}
export type ResolverResult<V> = { values: V | Record<string, never>; errors: Record<string, any> }
export type Resolver<V = FieldValues> = (values: V, context: unknown, options: ResolverOptions<V>) => Promise<ResolverResult<V>>
export type RegisterOptions = { onChange?: (event: any) => void; onBlur?: (event: any) => void }
type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
type Field = { el?: Input | { focus: () => void }; radios?: HTMLInputElement[]; opts: RegisterOptions }
type Note = { state?: true; name?: string; type?: string }
export type SubmitState = { isSubmitted: boolean; isSubmitting: boolean; isSubmitSuccessful: boolean; submitCount: number }

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date)
const isEmpty = (v: object) => Object.keys(v).length === 0

export const get = (obj: unknown, path: string): any =>
  path.split('.').reduce<any>((o, k) => (o === null || o === undefined ? undefined : o[k]), obj)

export function set(obj: Record<string, any>, path: string, value: unknown) {
  const keys = path.split('.')
  let o = obj
  keys.slice(0, -1).forEach((k, i) => {
    if (typeof o[k] !== 'object' || o[k] === null) o[k] = /^\d+$/.test(keys[i + 1]) ? [] : {}
    o = o[k]
  })
  o[keys[keys.length - 1]] = value
}

/** Deletes the path, and every object or array on it left empty, as react-hook-form's `unset`. */
export function unset(obj: Record<string, any>, path: string) {
  const keys = path.split('.')
  const chain: any[] = [obj]
  for (const k of keys.slice(0, -1)) chain.push(chain[chain.length - 1]?.[k])
  const parent = chain[chain.length - 1]
  if (!parent || typeof parent !== 'object') return
  if (Array.isArray(parent)) parent.splice(Number(keys[keys.length - 1]), 1)
  else delete parent[keys[keys.length - 1]]
  for (let i = keys.length - 2; i >= 0; i--) {
    const o = chain[i + 1]
    if (o && typeof o === 'object' && Object.values(o).every((x) => x === undefined)) delete chain[i][keys[i]]
    else break
  }
}

export const clone = <T>(v: T): T =>
  Array.isArray(v) ? (v.map(clone) as T) : isPlain(v) ? (Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) as T) : v

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => kb.includes(k) && deepEqual((a as any)[k], (b as any)[k]))
}

/** An event's value, or the value itself: what `onChange` of a controlled field is given. */
export function eventValue(e: any) {
  const t = isPlain(e) ? (e.target as any) : undefined
  return t ? (t.type === 'checkbox' ? t.checked : t.type === 'file' ? t.files : t.value) : e
}

const isRadio = (el: unknown): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')

/** The value the DOM shows for a field: the checked radio's (else null), the input's text. */
function readDom(f: Field): unknown {
  if (f.radios) return f.radios.reduce<unknown>((v, r) => (r.checked && !r.disabled ? r.value : v), null)
  const el = f.el as Input | undefined
  if (el instanceof HTMLInputElement && el.type === 'file') return el.files
  if (el instanceof HTMLSelectElement && el.multiple) return [...el.selectedOptions].map((o) => o.value)
  return el && 'value' in el ? el.value : undefined
}

function writeDom(f: Field, value: unknown) {
  const v = value === null || value === undefined ? '' : value
  if (f.radios) f.radios.forEach((r) => (r.checked = r.value === v))
  else if (f.el instanceof HTMLSelectElement && f.el.multiple) [...f.el.options].forEach((o) => (o.selected = (v as string[]).includes(o.value)))
  else if (f.el instanceof HTMLInputElement && f.el.type === 'file') f.el.value = ''
  else if (f.el && 'value' in f.el) f.el.value = v as string
}

export class FormStore<V extends FieldValues = FieldValues> {
  values: V
  defaults: V
  errors: Record<string, any> = {}
  state: SubmitState = { isSubmitted: false, isSubmitting: false, isSubmitSuccessful: false, submitCount: 0 }
  resolver?: Resolver<V>
  /** The form's `resetOptions`, which every `reset` takes too. */
  resetOptions?: { keepDirtyValues?: boolean }
  /** Registered fields in the order first registered: the order errors are focused in. */
  fields = new Map<string, Field>()
  dirty = new Set<string>()
  watched = new Set<string>()
  watchAll = false
  private resets = 0
  private subs = new Set<(note: Note) => void>()

  constructor(initial: V | undefined) {
    this.defaults = clone(initial ?? ({} as V))
    this.values = clone(this.defaults)
  }

  subscribe(fn: (note: Note) => void) {
    this.subs.add(fn)
    return () => void this.subs.delete(fn)
  }
  private note(note: Note) {
    for (const fn of [...this.subs]) fn(note)
  }
  private emitState(patch: Partial<SubmitState> = {}) {
    this.state = { ...this.state, ...patch }
    this.note({ state: true })
  }
  /** Whether a change of `name` (undefined: every value) concerns one watching `names`. */
  static concerns(names: readonly string[] | 'all', name: string | undefined) {
    return names === 'all' || name === undefined || names.some((n) => n === name || name.startsWith(`${n}.`) || n.startsWith(`${name}.`))
  }
  isWatched(name: string | undefined) {
    return this.watchAll ? true : this.watched.size > 0 && FormStore.concerns([...this.watched], name)
  }

  private markDirty(name: string, value: unknown) {
    if (deepEqual(get(this.defaults, name), value)) this.dirty.delete(name)
    else this.dirty.add(name)
  }

  private resolve(names?: string[]) {
    const fields: Record<string, FieldRef> = {}
    for (const [name, f] of this.fields) fields[name] = { name, ref: f.radios ? { type: f.radios[0]?.type, name } : (f.el ?? { name }), refs: f.radios }
    return this.resolver!(this.values, undefined, { fields, names: names ?? [...this.fields.keys()], criteriaMode: 'firstError', shouldUseNativeValidation: false })
  }

  register(name: string, opts: RegisterOptions = {}) {
    const f = this.fields.get(name)
    if (f) f.opts = { ...f.opts, ...opts }
    else {
      this.fields.set(name, { opts })
      if (get(this.values, name) === undefined) set(this.values, name, get(this.defaults, name))
    }
  }

  /** An input's ref: the first time an element attaches, it shows the form's value (or gives its own when the form has none). */
  attach(name: string, el: Input | null) {
    if (!el) return
    this.register(name)
    const f = this.fields.get(name)!
    const radio = isRadio(el)
    if (radio ? f.radios?.includes(el) : f.el === el) return
    if (radio) {
      f.radios = [...(f.radios ?? []).filter((r) => r.isConnected), el]
      f.el = undefined
    } else {
      f.el = el
      f.radios = undefined
    }
    const value = get(this.values, name) ?? get(this.defaults, name)
    if (value === undefined || (radio && el.defaultChecked)) set(this.values, name, readDom(f))
    else this.writeField(name, value)
  }

  /** A controlled field's ref: only its focus is used. */
  attachFocus(name: string, el: { focus?: () => void } | null) {
    const f = this.fields.get(name)
    if (f && el) f.el = { focus: () => el.focus?.() }
  }

  private writeField(name: string, value: unknown) {
    set(this.values, name, value)
    const f = this.fields.get(name)
    if (f) writeDom(f, value)
  }

  /** Every registered input's change and blur: the field is found by the element's name. */
  onEvent = async (event: { type: string; target: any }) => {
    const name: string = event.target.name
    const f = this.fields.get(name)
    if (!f) return
    const value = event.target.type ? readDom(f) : eventValue(event)
    const blur = event.type === 'blur' || event.type === 'focusout'
    set(this.values, name, clone(value))
    if (blur) {
      if (!event.target.readOnly) f.opts.onBlur?.(event)
    } else {
      f.opts.onChange?.(event)
      this.markDirty(name, value)
      this.note({ name, type: event.type })
    }
    if (blur || !this.state.isSubmitted) return
    const resets = this.resets
    const { errors } = await this.resolve([name])
    if (resets !== this.resets || !this.fields.has(name) || !deepEqual(value, get(this.values, name) ?? value)) return
    const error = get(errors, name)
    if (error) set(this.errors, name, error)
    else unset(this.errors, name)
    this.errors = { ...this.errors }
    this.emitState()
  }

  /** As react-hook-form 7.92: watchers hear of a change, and of a controlled field set to the value it has. */
  setValue(name: string, value: unknown, opts: { shouldDirty?: boolean; shouldValidate?: boolean } = {}) {
    const v = clone(value)
    const unchanged = deepEqual(get(this.values, name), v)
    this.writeField(name, v)
    const f = this.fields.get(name)
    if (unchanged && f && !f.radios && !(f.el instanceof Element)) this.note({ name })
    if (opts.shouldDirty) this.markDirty(name, v)
    if (!unchanged) {
      if (this.isWatched(name)) this.emitState()
      this.note({ name })
    }
    if (opts.shouldValidate) void this.trigger(name)
  }

  async trigger(name: string) {
    const resets = this.resets
    const { errors } = await this.resolve([name])
    if (resets !== this.resets) return
    const error = get(errors, name)
    if ((error && (error.type || error.message)) || Array.isArray(error)) set(this.errors, name, error)
    else unset(this.errors, name)
    this.errors = { ...this.errors }
    this.emitState()
  }

  setError(name: string, error: FieldError, opts?: { shouldFocus?: boolean }) {
    const f = this.fields.get(name)
    const ref = f?.radios ? { type: f.radios[0]?.type, name } : f?.el
    const { ref: _r, message: _m, type: _t, types: _ts, ...rest } = get(this.errors, name) ?? {}
    set(this.errors, name, { ...rest, ...error, ref })
    this.errors = { ...this.errors }
    this.emitState()
    if (opts?.shouldFocus) (f?.radios ? f.radios.find((r) => !r.disabled) || f.radios[0] : f?.el)?.focus?.()
  }

  private focusError = () => {
    for (const [name, f] of this.fields) {
      const ref = f.radios ? f.radios[0] : f.el
      if (ref?.focus && get(this.errors, name)) return void ref.focus()
    }
  }

  handleSubmit =
    (onValid: (values: V, event?: unknown) => unknown, onInvalid?: (errors: Record<string, any>, event?: unknown) => unknown) =>
    async (event?: { preventDefault?: () => void }) => {
      event?.preventDefault?.()
      this.emitState({ isSubmitting: true })
      const resets = this.resets
      const stop = (error: unknown) => {
        if (resets === this.resets) this.emitState({ isSubmitting: false })
        throw error
      }
      let failed: { error: unknown } | undefined
      let result: unknown
      const checked = await this.resolve().catch(stop)
      if (resets !== this.resets) return
      this.errors = checked.errors
      if (isEmpty(this.errors)) {
        this.emitState()
        try {
          result = await onValid(clone(checked.values) as V, event)
        } catch (error) {
          failed = { error }
        }
      } else {
        if (onInvalid) await Promise.resolve(onInvalid({ ...this.errors }, event)).catch(stop)
        if (resets === this.resets) {
          this.focusError()
          setTimeout(this.focusError)
        }
      }
      if (resets === this.resets)
        this.emitState({ isSubmitted: true, isSubmitting: false, isSubmitSuccessful: isEmpty(this.errors) && !failed, submitCount: this.state.submitCount + 1 })
      if (failed) throw failed.error
      return result
    }

  /**
   * New values (the defaults when none), errors and submit state cleared. Inputs show the values
   * when they attach again; with `keepDirtyValues` the fields changed by the user keep theirs and
   * the rest are set in place; with `keepFieldsRef` every field is set in place.
   */
  reset(values?: V, opts: { keepDirtyValues?: boolean; keepFieldsRef?: boolean } = {}) {
    this.resets++
    const updated = values ? clone(values) : this.defaults
    const next = clone(updated)
    const before = this.defaults
    this.defaults = updated
    if (opts.keepDirtyValues) {
      // A field changed and changed back to its default (by a reset, say) is no longer dirty.
      for (const name of new Set([...this.fields.keys(), ...this.dirty])) {
        const dirty = this.dirty.has(name) && !deepEqual(get(before, name), get(this.values, name))
        const existing = get(this.values, name)
        const value = get(next, name)
        if (dirty && existing !== undefined) set(next, name, existing)
        else if (!dirty && value !== undefined) this.setValue(name, value)
      }
    } else {
      if (values === undefined) {
        for (const f of this.fields.values()) {
          const form = (f.radios?.[0] ?? f.el) instanceof HTMLElement ? ((f.radios?.[0] ?? f.el) as HTMLElement).closest('form') : null
          if (form) {
            form.reset()
            break
          }
        }
      }
      if (opts.keepFieldsRef) for (const name of this.fields.keys()) this.setValue(name, get(next, name))
      else this.fields = new Map()
    }
    this.values = clone(next)
    this.note({})
    this.watched = new Set()
    this.watchAll = false
    if (!opts.keepDirtyValues || (values && isEmpty(values))) this.dirty = new Set()
    this.errors = {}
    this.emitState({ submitCount: 0, isSubmitted: false, isSubmitSuccessful: false, isSubmitting: false })
  }
}
