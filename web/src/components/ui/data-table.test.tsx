import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DataTable, type Column } from './data-table'

type Row = { id: number; name: string; note?: string }
const columns: Column<Row>[] = [
  { key: 'name', title: '姓名' },
  { key: 'note', title: '备注' },
  { key: 'actions', title: '操作', render: (r) => <button type="button">编辑 {r.name}</button> },
]

describe('DataTable', () => {
  it('shows 暂无数据 when there are no rows', () => {
    render(<DataTable columns={columns} data={[]} />)
    expect(screen.getByText('暂无数据')).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['姓名', '备注', '操作'])
  })

  it('renders a row per item with fields, "-" for blanks and custom cells', () => {
    render(<DataTable columns={columns} data={[{ id: 1, name: '张三' }, { id: 2, name: '李四', note: '备' }]} />)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['张三', '-', '编辑 张三'])
    expect(screen.queryByText('暂无数据')).toBeNull()
  })

  it('shows a loading overlay', () => {
    render(<DataTable columns={columns} data={undefined} loading />)
    expect(screen.getByRole('status')).toBeTruthy()
    expect(screen.queryByText('暂无数据')).toBeNull()
  })

  it('expands rows to show their children', async () => {
    const onToggle = vi.fn()
    const data = [{ id: 1, name: '权限管理' }, { id: 2, name: '订单' }]
    const { rerender } = render(
      <DataTable columns={columns} data={data} expandable={{ expanded: new Set(), onToggle, render: (r) => <p>{r.name} 的子菜单</p> }} />,
    )
    await userEvent.click(screen.getAllByRole('button', { name: '展开' })[0])
    expect(onToggle).toHaveBeenCalledWith(1)
    rerender(
      <DataTable columns={columns} data={data} expandable={{ expanded: new Set([1]), onToggle, render: (r) => <p>{r.name} 的子菜单</p> }} />,
    )
    expect(screen.getByText('权限管理 的子菜单')).toBeTruthy()
    expect(screen.queryByText('订单 的子菜单')).toBeNull()
    expect(screen.getByRole('button', { name: '折叠' }).getAttribute('aria-expanded')).toBe('true')
  })
})
