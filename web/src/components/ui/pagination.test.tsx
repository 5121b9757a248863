import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { pageItems, Pagination } from './pagination'

describe('Pagination', () => {
  it('shows the total, the page numbers and the current page', () => {
    render(<Pagination total={95} page={1} pageSize={10} onChange={vi.fn()} />)
    expect(screen.getByText('共 95 条')).toBeTruthy()
    expect(screen.getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: '第 10 页' })).toBeTruthy()
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true)
    const sizes = [...(screen.getByRole('combobox') as HTMLSelectElement).options].map((o) => o.textContent)
    expect(sizes).toEqual(['10条/页', '20条/页', '30条/页', '50条/页'])
  })

  it('goes to a page, next, previous, and by the jumper', async () => {
    const onChange = vi.fn()
    render(<Pagination total={95} page={5} pageSize={10} onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: '第 6 页' }))
    expect(onChange).toHaveBeenLastCalledWith(6, 10)
    await userEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(onChange).toHaveBeenLastCalledWith(6, 10)
    await userEvent.click(screen.getByRole('button', { name: '上一页' }))
    expect(onChange).toHaveBeenLastCalledWith(4, 10)
    await userEvent.type(screen.getByRole('textbox'), '99{Enter}')
    expect(onChange).toHaveBeenLastCalledWith(10, 10)
  })

  it('changes the page size and returns to page 1', async () => {
    const onChange = vi.fn()
    render(<Pagination total={95} page={3} pageSize={10} onChange={onChange} />)
    await userEvent.selectOptions(screen.getByRole('combobox'), '30')
    expect(onChange).toHaveBeenLastCalledWith(1, 30)
  })

  it('says a fixed page size instead of offering a choice of one', () => {
    render(<Pagination total={95} page={1} pageSize={10} pageSizes={[10]} onChange={vi.fn()} />)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByText('10条/页')).toBeTruthy()
  })

  it('elides far pages', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(1, 10)).toEqual([1, 2, 3, null, 10])
    expect(pageItems(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20])
  })
})
