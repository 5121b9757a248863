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
  it('puts grouped columns under a shared header and marks fixed columns', () => {
    const grouped: Column<Row>[] = [
      { key: 'name', title: '姓名', fixed: 'left' },
      { key: 'grp', title: 'GRP', group: '客户', render: () => 1 },
      { key: 'free', title: '赠播', group: '客户', render: () => 2 },
      { key: 'mgrp', title: 'GRP', group: '媒体', render: () => 3 },
      { key: 'actions', title: '操作', fixed: 'right', render: () => 'x' },
    ]
    render(<DataTable columns={grouped} data={[{ id: 1, name: '张三' }]} />)
    const [top, bottom] = screen.getAllByRole('row')
    expect(within(top).getAllByRole('columnheader').map((h) => [h.textContent, h.getAttribute('colspan') ?? h.getAttribute('rowspan')])).toEqual([
      ['姓名', '2'], ['客户', '2'], ['媒体', '1'], ['操作', '2'],
    ])
    expect(within(bottom).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['GRP', '赠播', 'GRP'])
    const cells = within(screen.getAllByRole('row')[2]).getAllByRole('cell')
    expect(cells.map((c) => c.textContent)).toEqual(['张三', '1', '2', '3', 'x'])
    expect(cells[0].className).toContain('data-table__fixed--left')
    expect(cells[4].className).toContain('data-table__fixed--right')
  })

  it('keeps a date or a time on one line, whatever its column', () => {
    type Log = { id: number; createTime: string; ymd: string; content: string }
    const log: Column<Log>[] = [
      { key: 'createTime', title: '创建时间', width: 80 },
      { key: 'ymd', title: '日期' },
      { key: 'content', title: '内容' },
    ]
    render(<DataTable columns={log} data={[{ id: 1, createTime: '2026-12-07 09:00:29', ymd: '2026-12-07', content: '2026-12-07 09:00 导入' }]} />)
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell')
    // The class is what data-table.css keeps on one line (jsdom lays nothing out; the times flow
    // measures the cells in Chromium).
    expect(cells.map((c) => c.className)).toEqual(['data-table__time', 'data-table__time', ''])
    // Its column is as wide as its dates, for tables laid out by their headers' widths (jsdom
    // keeps no `max()`, which the 80 px column's width is: time-text.test.ts has it).
    const [, day, text] = screen.getAllByRole('columnheader')
    expect([day.style.width, text.style.width]).toEqual(['calc(10ch + 25px)', ''])
  })
})
