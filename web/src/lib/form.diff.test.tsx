import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { useEffect, useState } from 'react'
import * as theirs from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import * as ours from './form'
import { schemaResolver, z } from './schema'

/*
 * Differential test: the app's form hooks against react-hook-form 7 (kept as a devDependency).
 * One form shaped as the app's — text inputs, a select whose change clears another field, radios,
 * a controlled list field and a controlled text field, a `watch` in the form and a `useWatch`
 * in a child, the app's schema resolver, server errors through `setError` — runs the same steps
 * on each library: submitting empty and invalid, typing and blurring before and after a submit,
 * `setValue` with and without validation, an async submit, a failing submit, a server error on a
 * field and on `root.server`, `reset` with and without values, and new `values` with
 * `keepDirtyValues`. After every step the inputs' DOM values, the errors, the submit state, the
 * focused field, the values (`getValues`), what each watcher saw and what was submitted must
 * be the same.
 */

type Lib = Pick<typeof ours, 'useForm' | 'useController' | 'Controller' | 'useWatch'>
type Values = { name: string; kind: string; status: string; tags: number[]; note: string; code: string }
const EMPTY: Values = { name: '', kind: '', status: '1', tags: [], note: '', code: '' }

const schema = z
  .object({
    name: z.string().trim().min(1, '请输入名称').max(5, '名称过长'),
    kind: z.string().min(1, '请选择类别'),
    status: z.enum(['1', '2']),
    tags: z.array(z.number()).min(1, '请选择标签'),
    note: z.string().max(10, '备注过长'),
    code: z.string().regex(/^\d*$/, '只能是数字'),
  })
  .refine((v) => v.kind !== 'b' || v.note.length > 0, { message: 'b 需要备注', path: ['note'] })

type Probe = { form?: any; submitted: unknown[]; watched: unknown[]; childSaw: unknown[]; submit: (mode: 'ok' | 'slow' | 'throw' | 'server' | 'reset') => void }

function App({ lib, probe, values }: { lib: Lib; probe: Probe; values?: Values }) {
  const form = lib.useForm<Values>({ resolver: schemaResolver(schema) as any, defaultValues: EMPTY, values, resetOptions: { keepDirtyValues: true } })
  const { register, control, handleSubmit, setError, setValue, watch, formState, reset } = form as any
  probe.form = form
  const kind = watch('kind')
  const [mode, setMode] = useState<'ok' | 'slow' | 'throw' | 'server' | 'reset'>('ok')
  probe.submit = setMode
  useEffect(() => {
    const sub = watch((v: Values, info: { name?: string; type?: string }) => probe.watched.push([info.name, info.type, v.name]))
    return () => sub.unsubscribe()
  }, [watch, probe])
  const submit = handleSubmit(async (v: Values) => {
    probe.submitted.push(v)
    if (mode === 'slow') await new Promise((r) => setTimeout(r, 20))
    if (mode === 'throw') throw new Error('boom')
    if (mode === 'server') {
      setError('code', { type: 'server', message: '编码已存在' }, { shouldFocus: true })
      setError('root.server', { type: 'server', message: '保存失败' })
    }
    if (mode === 'reset') reset({ ...EMPTY, name: 'next' })
  })
  const { errors } = formState
  return (
    <form onSubmit={(e) => void submit(e).catch(() => probe.submitted.push('thrown'))}>
      <input aria-label="name" {...register('name')} />
      <select aria-label="kind" {...register('kind', { onChange: () => setValue('note', '') })}>
        <option value="">-</option>
        <option value="a">a</option>
        <option value="b">b</option>
      </select>
      <input type="radio" value="1" aria-label="s1" {...register('status')} />
      <input type="radio" value="2" aria-label="s2" {...register('status')} />
      <lib.Controller control={control} name="tags" render={({ field }: any) => (
        <button type="button" ref={field.ref} aria-label="tags" onClick={() => field.onChange([...field.value, field.value.length + 1])}>{field.value.join(',')}</button>
      )} />
      <Note lib={lib} control={control} />
      <input aria-label="code" {...register('code')} />
      {kind === 'b' && <span>b!</span>}
      <Child lib={lib} control={control} probe={probe} />
      <output>{JSON.stringify({ s: formState.isSubmitted, ing: formState.isSubmitting, ok: formState.isSubmitSuccessful, n: formState.submitCount, errors: plain(errors) })}</output>
      <button type="submit">submit</button>
    </form>
  )
}

function Note({ lib, control }: { lib: Lib; control: any }) {
  const { field } = lib.useController({ control, name: 'note' as never }) as any
  return <input aria-label="note" name={field.name} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
}

function Child({ lib, control, probe }: { lib: Lib; control: any; probe: Probe }) {
  const [name, code] = lib.useWatch({ control, name: ['name', 'code'] as never }) as unknown as string[]
  probe.childSaw.push([name, code])
  return <i>{`${name}|${code}`}</i>
}

/** Errors without their refs (elements of different renders), with the ref's name instead. */
function plain(errors: unknown): unknown {
  if (!errors || typeof errors !== 'object') return errors
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, k === 'ref' ? ((v as { name?: string } | undefined)?.name ?? null) : plain(v)]),
  )
}

const q = (label: string) => document.querySelector(`[aria-label="${label}"]`) as HTMLInputElement

function snapshot(probe: Probe) {
  const inputs = [...document.querySelectorAll('input,select')].map((e) => {
    const el = e as HTMLInputElement
    return el.type === 'radio' ? `${el.getAttribute('aria-label')}:${el.checked}` : `${el.getAttribute('aria-label')}=${el.value}`
  })
  return {
    inputs,
    tags: q('tags').textContent,
    state: document.querySelector('output')!.textContent,
    focus: document.activeElement?.getAttribute('aria-label') ?? null,
    values: JSON.stringify(probe.form.getValues()),
    submitted: JSON.stringify(probe.submitted),
    watched: JSON.stringify(probe.watched),
    child: JSON.stringify(probe.childSaw.at(-1)),
    b: document.body.textContent!.includes('b!'),
  }
}

async function run(lib: Lib) {
  const probe: Probe = { submitted: [], watched: [], childSaw: [], submit: () => {} }
  const shots: Record<string, unknown>[] = []
  const flush = () => act(() => new Promise((r) => setTimeout(r, 40)))
  const step = async (label: string, what: () => unknown) => {
    await act(async () => void (await what()))
    await flush()
    shots.push({ step: label, ...snapshot(probe) })
  }
  const view = render(<App lib={lib} probe={probe} />)
  await flush()
  shots.push({ step: 'first render', ...snapshot(probe) })
  const type = (label: string, value: string) => fireEvent.change(q(label), { target: { value } })
  const submit = () => fireEvent.submit(document.querySelector('form')!)

  await step('type before submit', () => type('name', '  toolong  '))
  await step('blur before submit', () => fireEvent.blur(q('name')))
  await step('submit empty', submit)
  await step('type a valid name', () => type('name', ' abc '))
  await step('type an invalid name again', () => type('name', 'abcdefg'))
  await step('blur after submit', () => fireEvent.blur(q('name')))
  await step('choose kind b (clears note)', () => type('kind', 'b'))
  await step('type a note', () => type('note', 'hello'))
  await step('blur the note', () => fireEvent.blur(q('note')))
  await step('choose status 2', () => fireEvent.click(q('s2')))
  await step('add a tag', () => fireEvent.click(q('tags')))
  await step('setValue without validation', () => probe.form.setValue('name', ''))
  await step('setValue with validation', () => probe.form.setValue('note', 'much too long note', { shouldValidate: true, shouldDirty: true }))
  await step('setValue valid with validation', () => probe.form.setValue('note', 'ok', { shouldValidate: true }))
  await step('submit invalid again', submit)
  await step('fix the name', () => type('name', 'abc'))
  await step('slow submit starts', () => {
    probe.submit('slow')
  })
  await step('slow submit', async () => {
    submit()
    await new Promise((r) => setTimeout(r, 60))
  })
  await step('server errors', () => probe.submit('server'))
  await step('submit with server errors', submit)
  await step('type over the server error', () => type('name', 'abd'))
  await step('failing submit mode', () => probe.submit('throw'))
  await step('failing submit', submit)
  await step('reset with values', () => probe.form.reset({ ...EMPTY, name: 'fresh', kind: 'a', status: '2', tags: [3] }))
  await step('type after reset', () => type('name', 'x'))
  await step('reset without values', () => probe.form.reset())
  await step('reset in submit mode', () => probe.submit('reset'))
  await step('submit then reset', async () => {
    type('kind', 'a')
    type('note', 'n')
    fireEvent.click(q('tags'))
    submit()
  })
  await step('type the name (dirty)', () => type('name', 'mine'))
  await step('new values keep dirty ones', () => view.rerender(<App lib={lib} probe={probe} values={{ ...EMPTY, name: 'server', kind: 'b', note: 'srv', tags: [9] }} />))
  await step('same values again', () => view.rerender(<App lib={lib} probe={probe} values={{ ...EMPTY, name: 'server', kind: 'b', note: 'srv', tags: [9] }} />))
  await step('submit after values', submit)
  cleanup()
  return shots
}

describe('lib/form against react-hook-form', () => {
  it('takes the same steps to the same inputs, errors, focus, state and values', async () => {
    const expected = await run(theirs as unknown as Lib)
    const actual = await run(ours)
    expect(actual.length).toBe(expected.length)
    for (let i = 0; i < expected.length; i++) expect(actual[i], String(expected[i].step)).toEqual(expected[i])
  }, 30_000)
})
