import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactElement } from 'react'
import { deepEqual, eventValue, FormStore, get, type FieldError, type FieldValues, type RegisterOptions, type Resolver, type SubmitState } from './form-store'

/*
 * The forms' hooks with react-hook-form 7's API and behaviour for what the app calls (to keep
 * the bundle small; `form.diff.test.tsx` runs both): `useForm` with a resolver, default values
 * and `values` with `resetOptions`; `register`, `handleSubmit`, `formState` (errors and the
 * submit state), `setError`, `setValue`, `getValues`, `watch`, `reset`; `useController`,
 * `Controller` and `useWatch`. The state is in `form-store.ts`.
 */

export type { FieldError, FieldValues, Resolver, ResolverOptions } from './form-store'
export { get, set } from './form-store'

export type Path<V> = Extract<keyof V, string>
type ErrorTree = FieldError & { [key: string]: any }
export type FieldErrors<V extends FieldValues = FieldValues> = Partial<Record<Path<V>, ErrorTree>> & { root?: Record<string, FieldError> }
export type Control<V extends FieldValues = FieldValues> = FormStore<V>
export type UseFormRegister<V extends FieldValues> = (name: Path<V>, options?: RegisterOptions) => {
  name: Path<V>
  onChange: (event: any) => Promise<void>
  onBlur: (event: any) => Promise<void>
  ref: (el: any) => void
}
export type UseFormSetError<V extends FieldValues> = (name: Path<V> | `root.${string}`, error: FieldError, options?: { shouldFocus?: boolean }) => void
export type UseFormSetValue<V extends FieldValues> = <N extends Path<V>>(name: N, value: V[N], options?: { shouldDirty?: boolean; shouldValidate?: boolean }) => void
type Watch<V extends FieldValues> = {
  <N extends Path<V>>(name: N): V[N]
  <const N extends readonly Path<V>[]>(names: N): { [I in keyof N]: V[N[I]] }
  (): V
  (callback: (values: V, info: { name?: string; type?: string }) => void): { unsubscribe: () => void }
}
export type FormState<V extends FieldValues> = SubmitState & { errors: FieldErrors<V> }
export type UseFormReturn<V extends FieldValues = FieldValues> = {
  control: Control<V>
  register: UseFormRegister<V>
  handleSubmit: (onValid: (values: V, event?: unknown) => unknown, onInvalid?: (errors: FieldErrors<V>) => unknown) => (event?: unknown) => Promise<unknown>
  setError: UseFormSetError<V>
  setValue: UseFormSetValue<V>
  getValues: { <N extends Path<V>>(name: N): V[N]; (): V }
  watch: Watch<V>
  reset: (values?: V) => void
  formState: FormState<V>
}
type Options<V extends FieldValues> = { resolver?: Resolver<V>; defaultValues?: V; values?: V; resetOptions?: { keepDirtyValues?: boolean } }

function methods<V extends FieldValues>(store: FormStore<V>): Omit<UseFormReturn<V>, 'formState'> {
  const watch = ((arg?: string | readonly string[] | ((values: V, info: { name?: string; type?: string }) => void)) => {
    if (typeof arg === 'function')
      return { unsubscribe: store.subscribe((n) => !n.state && arg(store.values, { name: n.name, type: n.type })) }
    if (arg === undefined) store.watchAll = true
    for (const name of typeof arg === 'string' ? [arg] : (arg ?? [])) store.watched.add(name)
    return typeof arg === 'string' ? get(store.values, arg) : arg ? arg.map((n) => get(store.values, n)) : store.values
  }) as Watch<V>
  return {
    control: store,
    register: (name, options) => {
      store.register(name, options)
      return { name, onChange: store.onEvent, onBlur: store.onEvent, ref: (el: any) => store.attach(name, el) }
    },
    handleSubmit: (onValid, onInvalid) => store.handleSubmit(onValid, onInvalid as never) as (event?: unknown) => Promise<unknown>,
    setError: (name, error, options) => store.setError(name, error, options),
    setValue: (name, value, options) => store.setValue(name, value, options),
    getValues: ((name?: string) => (name === undefined ? store.values : get(store.values, name))) as UseFormReturn<V>['getValues'],
    watch,
    reset: (values) => store.reset(values, store.resetOptions),
  }
}

/** Renders again on each change `wants` accepts, from the first render on. */
function useNotes<V extends FieldValues>(store: FormStore<V>, wants: (n: { state?: true; name?: string }) => boolean) {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const wantsRef = useRef(wants)
  wantsRef.current = wants
  useEffect(() => store.subscribe((n) => wantsRef.current(n) && rerender()), [store])
}

export function useForm<V extends FieldValues>(options: Options<V>): UseFormReturn<V> {
  const made = useRef<Omit<UseFormReturn<V>, 'formState'> | null>(null)
  if (!made.current) made.current = methods(new FormStore<V>(options.values ?? options.defaultValues))
  const store = made.current.control
  store.resolver = options.resolver
  store.resetOptions = options.resetOptions
  // The host renders again when the errors or the submit state change, or a value it watches.
  useNotes(store, (n) => !!n.state || (!n.state && n.name !== undefined && store.isWatched(n.name)) || (n.name === undefined && !n.state))
  const applied = useRef<V | undefined>(undefined)
  useEffect(() => {
    if (options.values && !deepEqual(options.values, applied.current)) {
      store.reset(options.values, { keepFieldsRef: true, ...options.resetOptions })
      applied.current = options.values
    }
  }, [store, options.values])
  return { ...made.current, formState: { ...store.state, errors: store.errors as FieldErrors<V> } }
}

type ControllerProps<V extends FieldValues, N extends Path<V>> = { control: Control<V>; name: N }
export type ControllerField<T> = { name: string; value: T; onChange: (eventOrValue: unknown) => void; onBlur: () => void; ref: (el: { focus?: () => void } | null) => void }

export function useController<V extends FieldValues, N extends Path<V>>({ control: store, name }: ControllerProps<V, N>) {
  store.register(name)
  useNotes(store, (n) => !!n.state || FormStore.concerns([name], n.name))
  const onChange = useCallback((e: unknown) => void store.onEvent({ type: 'change', target: { value: eventValue(e), name } }), [store, name])
  const onBlur = useCallback(() => void store.onEvent({ type: 'blur', target: { value: get(store.values, name), name } }), [store, name])
  const ref = useCallback((el: { focus?: () => void } | null) => store.attachFocus(name, el), [store, name])
  const value = get(store.values, name) as V[N]
  const error = get(store.errors, name) as FieldError | undefined
  const field = useMemo(() => ({ name, value, onChange, onBlur, ref }), [name, value, onChange, onBlur, ref])
  return { field: field as ControllerField<V[N]>, fieldState: { error, invalid: !!error, isDirty: store.dirty.has(name) } }
}

export function Controller<V extends FieldValues, N extends Path<V>>(
  props: ControllerProps<V, N> & { render: (props: ReturnType<typeof useController<V, N>>) => ReactElement },
) {
  return props.render(useController(props))
}

export function useWatch<V extends FieldValues, N extends Path<V>>(props: { control: Control<V>; name: N }): V[N]
export function useWatch<V extends FieldValues, const N extends readonly Path<V>[]>(props: { control: Control<V>; name: N }): { [I in keyof N]: V[N[I]] }
export function useWatch<V extends FieldValues>({ control: store, name }: { control: Control<V>; name: string | readonly string[] }) {
  const names = typeof name === 'string' ? [name] : name
  useNotes(store, (n) => !n.state && FormStore.concerns(names, n.name))
  return typeof name === 'string' ? get(store.values, name) : name.map((n) => get(store.values, n))
}
