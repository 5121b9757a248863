import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginForm } from './login-form'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

describe('LoginForm', () => {
  it('shows field messages and sends nothing when the input is invalid', async () => {
    const user = userEvent.setup()
    render(<LoginForm onSuccess={vi.fn()} />)
    await user.click(screen.getByRole('button', { name: '登录' }))
    expect(screen.getByText('请输入正确的用户名')).toBeTruthy()
    await user.type(screen.getByLabelText('账号'), 'admin')
    await user.type(screen.getByLabelText('密码'), '123{Enter}')
    expect(screen.getByText('密码不能少于6位')).toBeTruthy()
    expect(screen.queryByText('请输入正确的用户名')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts the form on Enter and hands the answer over', async () => {
    const user = userEvent.setup()
    const onSuccess = vi.fn()
    const data = { token: 't', name: '超级管理员', id: 1, rule_id: '*' }
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, message: '登录成功', data })))
    render(<LoginForm onSuccess={onSuccess} />)
    await user.type(screen.getByLabelText('账号'), ' admin ')
    await user.type(screen.getByLabelText('密码'), 'secret1{Enter}')
    expect(onSuccess).toHaveBeenCalledWith(data)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/background/v1/adminUserLogin')
    expect(init?.body).toBe('acc=admin&pwd=secret1')
  })

  it('ends loading after a failed sign-in', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 4000, message: '账号或密码错误', data: { fields: {} } }), { status: 400 }),
    )
    render(<LoginForm onSuccess={vi.fn()} />)
    await user.type(screen.getByLabelText('账号'), 'admin')
    await user.type(screen.getByLabelText('密码'), 'wrong-pw{Enter}')
    const button = await screen.findByRole('button', { name: '登录' })
    expect((button as HTMLButtonElement).disabled).toBe(false)
  })

  it('toggles password visibility', async () => {
    const user = userEvent.setup()
    render(<LoginForm onSuccess={vi.fn()} />)
    const pwd = screen.getByLabelText('密码') as HTMLInputElement
    expect(pwd.type).toBe('password')
    await user.click(screen.getByRole('button', { name: '显示密码' }))
    expect(pwd.type).toBe('text')
  })
})
