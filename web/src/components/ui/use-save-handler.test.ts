import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, getToast } from './toast-store'
import { useSaveHandler } from './use-save-handler'

type Values = { name: string }

const mutation = <A>(result: Promise<unknown> = Promise.resolve({}), isPending = false) => ({
  mutateAsync: vi.fn((_: A) => result),
  isPending,
})
const messages = { added: '添加成功', updated: '修改成功' }

describe('useSaveHandler', () => {
  afterEach(() => dismissToast())

  it('adds without an id: create, 添加成功, then done', async () => {
    const create = mutation<Values>()
    const update = mutation<{ id: number; values: Values }>()
    const onDone = vi.fn()
    const { result } = renderHook(() => useSaveHandler({ id: undefined, create, update, messages, onDone }))
    await result.current.submit({ name: 'a' })
    expect(create.mutateAsync).toHaveBeenCalledWith({ name: 'a' })
    expect(update.mutateAsync).not.toHaveBeenCalled()
    expect(getToast()?.message).toBe('添加成功')
    expect(onDone).toHaveBeenCalledOnce()
  })

  it('edits with an id: update with the id and values, 修改成功, then done', async () => {
    const create = mutation<Values>()
    const update = mutation<{ id: number; values: Values }>()
    const onDone = vi.fn()
    const { result } = renderHook(() => useSaveHandler({ id: 7, create, update, messages, onDone }))
    await result.current.submit({ name: 'b' })
    expect(update.mutateAsync).toHaveBeenCalledWith({ id: 7, values: { name: 'b' } })
    expect(create.mutateAsync).not.toHaveBeenCalled()
    expect(getToast()?.message).toBe('修改成功')
    expect(onDone).toHaveBeenCalledOnce()
  })

  it('rejects on a failed call, without a toast or done, so the form can show field errors', async () => {
    const failure = { code: 4000, fields: { name: ['已存在'] } }
    const create = mutation<Values>(Promise.reject(failure))
    const update = mutation<{ id: number; values: Values }>()
    const onDone = vi.fn()
    const { result } = renderHook(() => useSaveHandler({ id: null, create, update, messages, onDone }))
    await expect(result.current.submit({ name: 'c' })).rejects.toBe(failure)
    expect(getToast()).toBeNull()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('is busy while either call runs', () => {
    const idle = mutation<Values>()
    const running = mutation<{ id: number; values: Values }>(undefined, true)
    const { result } = renderHook(() => useSaveHandler({ id: 1, create: idle, update: running, messages, onDone: vi.fn() }))
    expect(result.current.busy).toBe(true)
    const { result: quiet } = renderHook(() =>
      useSaveHandler({ id: 1, create: idle, update: mutation<{ id: number; values: Values }>(), messages, onDone: vi.fn() }),
    )
    expect(quiet.current.busy).toBe(false)
  })
})
