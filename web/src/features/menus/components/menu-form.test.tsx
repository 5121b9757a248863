import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { i18n } from '@/lib/i18n'
import { menuPayload, menuSchema, type MenuFormValues } from '../api/create-menu'
import type { Menu } from '../api/get-menus'
import { MenuForm } from './menu-form'

const row = (over: Partial<Menu>): Menu => ({
  id: 0, pid: 0, type: 1, name: '', title: '', weight: 1, status: 1, builtin: false,
  createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00', children_list: [], ...over,
})
const admin = row({ id: 24, name: '/admin', title: '权限管理', builtin: true })
const order = row({ id: 112, name: '/order', title: '订单汇总', builtin: true })
const custom = row({ id: 200, pid: 24, name: '/reports', title: '报表', weight: 5, type: 2, status: 2 })

function setup(props: { menu?: Menu; onSubmit?: (v: MenuFormValues) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined))
  render(
    <>
      <MenuForm id="m" menu={props.menu} parents={[admin, order]} onSubmit={onSubmit} />
      <button type="submit" form="m">确定</button>
    </>,
  )
  const user = userEvent.setup()
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('MenuForm', () => {
  it('starts as a top-level menu, weight 1, normal', () => {
    setup()
    expect((screen.getByLabelText('父级') as HTMLSelectElement).value).toBe('0')
    expect(screen.getByRole('option', { name: '顶级菜单' })).toBeTruthy()
    expect((screen.getByLabelText('权重') as HTMLInputElement).value).toBe('1')
    expect((screen.getByLabelText('菜单') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('正常') as HTMLInputElement).checked).toBe(true)
  })

  it('shows the rule, title and weight messages', async () => {
    const { user, submit, onSubmit } = setup()
    await user.clear(screen.getByLabelText('权重'))
    await submit()
    expect(messageOf(screen.getByLabelText('规则'))).toBe('请输入规则')
    expect(messageOf(screen.getByLabelText('标题'))).toBe('请输入标题')
    expect(messageOf(screen.getByLabelText('权重'))).toBe('请输入权重')
    await user.type(screen.getByLabelText('规则'), 'x'.repeat(51))
    await user.type(screen.getByLabelText('标题'), '标'.repeat(51))
    await user.type(screen.getByLabelText('权重'), '100')
    await submit()
    expect(messageOf(screen.getByLabelText('规则'))).toBe('长度在 1 到 50 个字符')
    expect(messageOf(screen.getByLabelText('标题'))).toBe('长度在 1 到 50 个字符')
    expect(messageOf(screen.getByLabelText('权重'))).toBe('权重范围为 1 到 99')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('requires a parent, a type and a status', () => {
    const result = menuSchema(i18n.getFixedT('zh-CN', 'admin')).safeParse({ pid: '', type: '', name: '/a', title: 'a', weight: '1', status: '' })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pid', '请选择父级'],
      ['type', '请选择菜单'],
      ['status', '请选择状态'],
    ])
  })

  it('adds a child node under a parent', async () => {
    const { user, submit, onSubmit } = setup()
    await user.selectOptions(screen.getByLabelText('父级'), '24')
    await user.click(screen.getByLabelText('节点'))
    await user.type(screen.getByLabelText('规则'), '/reports')
    await user.type(screen.getByLabelText('标题'), '报表')
    await user.clear(screen.getByLabelText('权重'))
    await user.type(screen.getByLabelText('权重'), '7')
    await user.click(screen.getByLabelText('禁用'))
    await submit()
    expect(menuPayload(onSubmit.mock.calls[0][0])).toEqual({ pid: 24, type: 2, name: '/reports', title: '报表', weight: 7, status: 2 })
  })

  it('edits a menu with its values filled in', async () => {
    const { submit, onSubmit } = setup({ menu: custom })
    expect((screen.getByLabelText('父级') as HTMLSelectElement).value).toBe('24')
    await submit()
    expect(menuPayload(onSubmit.mock.calls[0][0])).toEqual({ pid: 24, type: 2, name: '/reports', title: '报表', weight: 5, status: 2 })
  })

  it('keeps the rule and parent of a built-in menu', async () => {
    const { user, submit, onSubmit } = setup({ menu: admin })
    expect(screen.getByRole('note').textContent).toBe('系统内置菜单的规则和父级不可修改')
    expect((screen.getByLabelText('规则') as HTMLInputElement).readOnly).toBe(true)
    expect((screen.getByLabelText('父级') as HTMLInputElement).value).toBe('顶级菜单')
    await user.clear(screen.getByLabelText('标题'))
    await user.type(screen.getByLabelText('标题'), '权限')
    await submit()
    expect(menuPayload(onSubmit.mock.calls[0][0])).toMatchObject({ pid: 0, name: '/admin', title: '权限' })
  })

  it("puts the server's field errors on their fields", async () => {
    const error = new ApiError(4000, '规则已存在', { fields: { name: ['规则已存在'], pid: ['只支持两级菜单'] } }, 400)
    const { user, submit } = setup({ onSubmit: () => Promise.reject(error) })
    await user.type(screen.getByLabelText('规则'), '/order')
    await user.type(screen.getByLabelText('标题'), '重复')
    await submit()
    expect(await screen.findByText('规则已存在')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('规则'))).toBe('规则已存在')
    expect(messageOf(screen.getByLabelText('父级'))).toBe('只支持两级菜单')
  })
})
