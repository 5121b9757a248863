import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { i18n } from '@/lib/i18n'
import { accountPayload, accountSchema, type AccountFormValues } from '../api/create-account'
import type { Account } from '../api/get-accounts'
import type { MenuNode } from '../api/get-account-menus'
import { AccountForm } from './account-form'

const menus: MenuNode[] = [
  { id: 112, title: '订单汇总', name: '/order', children_list: [] },
  {
    id: 24,
    title: '权限管理',
    name: '/admin',
    children_list: [
      { id: 27, title: '管理员列表', name: '/admin/list', children_list: [] },
      { id: 25, title: '管理员日志', name: '/adminlog', children_list: [] },
    ],
  },
]

const clerk: Account = {
  id: 7, name: '文员', account: 'clerk', status: '1', rule_id: '112,25', ruleNames: ['订单汇总', '管理员日志'],
  loginip: '', lastLoginTime: null, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
}

function setup(props: { account?: Account; onSubmit?: (v: AccountFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <AccountForm id="f" account={props.account} menus={menus} onSubmit={onSubmit} />
      <button type="submit" form="f">确定</button>
    </>,
  )
  const user = userEvent.setup()
  const submit = () => user.click(screen.getByRole('button', { name: '确定' }))
  return { user, onSubmit, submit }
}

/** The message shown under a control, via its aria-describedby. */
const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('AccountForm', () => {
  it('shows each required-field message and sends nothing', async () => {
    const { submit, onSubmit } = setup()
    await submit()
    expect(messageOf(screen.getByLabelText('姓名'))).toBe('请输入姓名')
    expect(messageOf(screen.getByLabelText('账号'))).toBe('请输入账号')
    expect(messageOf(screen.getByLabelText('密码'))).toBe('请输入密码')
    expect(messageOf(screen.getByLabelText('确认密码'))).toBe('请确认密码')
    expect(screen.getByText('请至少选择一个菜单')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('checks the password length, the confirmation and the account format', async () => {
    const { user, submit, onSubmit } = setup()
    await user.type(screen.getByLabelText('姓名'), '张三')
    await user.type(screen.getByLabelText('账号'), 'zhang san')
    await user.type(screen.getByLabelText('密码'), '12345')
    await user.type(screen.getByLabelText('确认密码'), '123456')
    await submit()
    expect(messageOf(screen.getByLabelText('账号'))).toBe('账号只能包含字母、数字和 _ . @ -，最长50个字符')
    expect(messageOf(screen.getByLabelText('密码'))).toBe('密码不能少于6位')
    expect(messageOf(screen.getByLabelText('确认密码'))).toBe('两次输入的密码不一致')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('requires a status', () => {
    const t = i18n.getFixedT('zh-CN', 'admin')
    const values = { name: 'a', account: 'a', password: '123456', password_confirmation: '123456', status: '', rule_id: ['*'] }
    const result = accountSchema(t, false).safeParse(values)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['status', '请选择状态']])
  })

  it('submits ticked menus; a ticked parent covers its children', async () => {
    const { user, submit, onSubmit } = setup()
    await user.type(screen.getByLabelText('姓名'), '张三')
    await user.type(screen.getByLabelText('账号'), 'zhangsan')
    await user.type(screen.getByLabelText('密码'), '123456')
    await user.type(screen.getByLabelText('确认密码'), '123456')
    await user.click(screen.getByLabelText('管理员日志'))
    await user.click(screen.getByLabelText('权限管理'))
    const child = screen.getByLabelText('管理员列表') as HTMLInputElement
    expect(child.checked && child.disabled).toBe(true)
    await user.click(screen.getByLabelText('订单汇总'))
    await user.click(screen.getByLabelText('禁用'))
    await submit()
    expect(onSubmit).toHaveBeenCalledOnce()
    const values = onSubmit.mock.calls[0][0]
    expect(accountPayload(values)).toEqual({
      name: '张三', account: 'zhangsan', password: '123456', password_confirmation: '123456', status: '2', rule_id: '24,112',
    })
  })

  it('grants every menu with 全部权限', async () => {
    const { user, submit, onSubmit } = setup({ account: clerk })
    await user.click(screen.getByLabelText('全部权限'))
    expect((screen.getByLabelText('订单汇总') as HTMLInputElement).disabled).toBe(true)
    await submit()
    expect(accountPayload(onSubmit.mock.calls[0][0]).rule_id).toBe('*')
  })

  it('keeps the password when editing with it blank', async () => {
    const { submit, onSubmit } = setup({ account: clerk })
    expect((screen.getByLabelText('管理员日志') as HTMLInputElement).checked).toBe(true)
    await submit()
    const payload = accountPayload(onSubmit.mock.calls[0][0])
    expect(payload).toMatchObject({ name: '文员', account: 'clerk', status: '1', rule_id: '112,25' })
    expect(payload.password).toBeUndefined()
  })

  it("puts the server's field errors on their fields", async () => {
    const error = new ApiError(4000, '账号已存在', { fields: { account: ['账号已存在'], rule_id: ['不能授予自己没有的菜单权限'] } }, 400)
    const { submit } = setup({ account: clerk, onSubmit: () => Promise.reject(error) })
    await submit()
    const account = screen.getByLabelText('账号')
    expect(await screen.findByText('账号已存在')).toBeTruthy()
    expect(messageOf(account)).toBe('账号已存在')
    expect(account.getAttribute('aria-invalid')).toBe('true')
    const rules = screen.getByRole('group', { name: '菜单权限' })
    expect(within(rules).getByRole('alert').textContent).toBe('不能授予自己没有的菜单权限')
  })
})
