import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { setServerErrors } from './form-field'

const duplicate = new ApiError(4009, '名称已存在', { fields: { mediaNameUp: ['名称已存在'], other: ['别处'] } }, 409)

describe('setServerErrors', () => {
  it('lands fields named as the call names them, the first focused, and answers that it did', () => {
    const setError = vi.fn()
    const error = new ApiError(4000, '参数错误', { fields: { name: ['必填', '太长'], pid: ['只支持两级菜单'], extra: ['x'] } }, 400)
    expect(setServerErrors(error, ['name', 'pid'] as const, setError)).toBe(true)
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: '必填；太长' }, { shouldFocus: true }],
      ['pid', { type: 'server', message: '只支持两级菜单' }, { shouldFocus: false }],
    ])
  })

  it("maps the call's fields onto the form's", () => {
    const setError = vi.fn()
    expect(setServerErrors(duplicate, { mediaName: 'name', mediaNameUp: 'name' } as const, setError)).toBe(true)
    expect(setError.mock.calls).toEqual([['name', { type: 'server', message: '名称已存在' }, { shouldFocus: true }]])
  })

  it('leaves answers without field messages to the toast', () => {
    const setError = vi.fn()
    expect(setServerErrors(new ApiError(5000, '服务器错误', null, 500), ['name'], setError)).toBe(false)
    expect(setServerErrors(new ApiError(4003, '无权限', { fields: { name: ['x'] } }, 403), ['name'], setError)).toBe(false)
    expect(setServerErrors(duplicate, ['name'], setError)).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
