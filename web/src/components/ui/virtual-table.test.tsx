import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VirtualTable, type VirtualColumn } from './virtual-table'

type Row = { id: number; name: string; note?: string }
const columns: VirtualColumn<Row>[] = [
  { key: 'name', title: '姓名', width: 120 },
  { key: 'note', title: '备注', width: 200 },
]
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `行${i + 1}` }))

describe('VirtualTable', () => {
  it('shows its headers and 暂无数据 without rows', () => {
    render(<VirtualTable columns={columns} data={[]} label="表" />)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['姓名', '备注'])
    expect(screen.getByText('暂无数据')).toBeTruthy()
  })

  it('renders a short list whole, "-" for blanks, with the row class asked for', () => {
    render(<VirtualTable columns={columns} data={[{ id: 1, name: '张三' }, { id: 2, name: '李四', note: '备' }]} rowClassName={(r) => (r.id === 2 ? 'chosen' : undefined)} />)
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([['张三', '-'], ['李四', '备']])
    expect(rows[1].className).toContain('chosen')
    expect(rows[1].getAttribute('data-row-key')).toBe('2')
  })

  it('puts only some rows of a long list in the DOM', () => {
    render(<VirtualTable columns={columns} data={many(1000)} />)
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1001')
    const shown = screen.getAllByRole('row').length - 1
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(100)
    expect(screen.getByText('行1')).toBeTruthy()
  })

  it('shows a loading overlay', () => {
    render(<VirtualTable columns={columns} data={undefined} loading />)
    expect(screen.getByRole('status')).toBeTruthy()
    expect(screen.queryByText('暂无数据')).toBeNull()
  })
})
