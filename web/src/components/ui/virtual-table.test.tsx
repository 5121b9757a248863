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

  it('widens a column of times to its longest one and never cuts it', () => {
    type Spot = { id: number; addTime: string; title: string }
    const spots: VirtualColumn<Spot>[] = [
      { key: 'addTime', title: '播出时间', width: 160 },
      { key: 'title', title: '标题', width: 80 },
    ]
    render(<VirtualTable columns={spots} data={[{ id: 1, addTime: '2026-12-07 01:50:00', title: '2026-12-07 是标题' }]} />)
    const [time, title] = within(screen.getByRole('table')).getAllByRole('row')[1].querySelectorAll<HTMLElement>('[role="cell"]')
    // 19 characters at a digit's width each, 10 px padding either side and the border: at least that.
    // (jsdom keeps `max()` in min-width only; the times flow measures the laid-out cells.)
    const whole = 'max(160px, calc(19ch + 21px))'
    expect(time.style.minWidth).toBe(whole)
    expect(time.className).toContain('virtual-table__cell--time')
    const header = screen.getByRole('columnheader', { name: '播出时间' })
    expect(header.style.minWidth).toBe(whole)
    // Text that only starts with a date keeps the column's own width.
    expect([title.style.minWidth, title.className]).toEqual(['80px', 'virtual-table__cell'])
  })
})
