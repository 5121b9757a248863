import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from './dialog'
import { filterOptions, SearchableSelect, type SelectOption } from './searchable-select'

const brands: SelectOption<number>[] = [
  { value: 1, label: '伊利' },
  { value: 2, label: '蒙牛' },
  { value: 3, label: '农夫山泉' },
  { value: 4, label: 'Nestlé 雀巢' },
]

function Harness({ initial = null, onChange = vi.fn() }: { initial?: number | null; onChange?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial)
  return (
    <>
      <SearchableSelect
        aria-label="品牌"
        placeholder="请选择品牌"
        options={brands}
        value={value}
        onChange={(v) => {
          setValue(v)
          onChange(v)
        }}
      />
      <span data-testid="value">{String(value)}</span>
    </>
  )
}

const box = () => screen.getByRole('combobox', { name: '品牌' })
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent)

describe('filterOptions', () => {
  it('keeps options whose label contains the query, ignoring case and spaces around it', () => {
    expect(filterOptions(brands, ' nestlé ').map((o) => o.value)).toEqual([4])
    expect(filterOptions(brands, '').length).toBe(4)
    expect(filterOptions(brands, '光明')).toEqual([])
  })
})

describe('SearchableSelect', () => {
  it('filters as one types and chooses with a click', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await userEvent.click(box())
    expect(box().getAttribute('aria-expanded')).toBe('true')
    expect(optionTexts()).toEqual(['伊利', '蒙牛', '农夫山泉', 'Nestlé 雀巢'])
    await userEvent.type(box(), '农')
    expect(optionTexts()).toEqual(['农夫山泉'])
    await userEvent.click(screen.getByRole('option', { name: '农夫山泉' }))
    expect(onChange).toHaveBeenLastCalledWith(3)
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect((box() as HTMLInputElement).value).toBe('农夫山泉')
  })

  it('moves with the arrow keys, wraps around and chooses with Enter', async () => {
    render(<Harness />)
    box().focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(optionTexts().length).toBe(4)
    const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent
    expect(active()).toBe('伊利')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(active()).toBe('农夫山泉')
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    expect(active()).toBe('Nestlé 雀巢')
    await userEvent.keyboard('{Enter}')
    expect(screen.getByTestId('value').textContent).toBe('4')
  })

  it('says so when nothing matches, and Escape closes without choosing', async () => {
    render(<Harness initial={2} />)
    await userEvent.click(box())
    await userEvent.type(box(), '光明')
    expect(screen.getByText('无匹配数据')).toBeTruthy()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByTestId('value').textContent).toBe('2')
    await userEvent.keyboard('{Escape}')
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect((box() as HTMLInputElement).value).toBe('蒙牛')
  })

  it('clears the choice with its × button', async () => {
    const onChange = vi.fn()
    render(<Harness initial={1} onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: '清除' }))
    expect(onChange).toHaveBeenCalledWith(null)
    expect((box() as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull()
  })

  it('inside a dialog, Escape closes the list first and the dialog only on a second press', async () => {
    function InDialog() {
      const [open, setOpen] = useState(true)
      const [value, setValue] = useState<number | null>(null)
      return (
        <>
          <span data-testid="dialog">{open ? 'open' : 'closed'}</span>
          <Dialog open={open} onOpenChange={setOpen} title="添加受众/城市组">
            <SearchableSelect aria-label="品牌" options={brands} value={value} onChange={setValue} />
          </Dialog>
        </>
      )
    }
    render(<InDialog />)
    await userEvent.click(box())
    const list = screen.getByRole('listbox')
    expect(screen.getByRole('dialog').contains(list)).toBe(true)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByTestId('dialog').textContent).toBe('open')
    await userEvent.keyboard('{Escape}')
    expect(screen.getByTestId('dialog').textContent).toBe('closed')
  })
})
