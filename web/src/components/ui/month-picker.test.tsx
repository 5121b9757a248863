import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { MonthPicker } from './month-picker'

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <MonthPicker
      aria-label="月份"
      value={value}
      onChange={(v) => {
        setValue(v)
        onChange?.(v)
      }}
    />
  )
}

const input = () => screen.getByLabelText('月份') as HTMLInputElement

describe('MonthPicker', () => {
  afterEach(() => act(() => void i18n.changeLanguage('zh-CN')))

  it('takes a typed month', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    await user.type(input(), '2026/4')
    expect(onChange).toHaveBeenLastCalledWith('2026-04')
    await user.tab()
    expect(input().value).toBe('2026-04')
  })

  it('works from the keyboard: ArrowDown opens on the chosen month, arrows move across years, Enter picks', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03" onChange={onChange} />)
    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '2026年3月' }))
    expect(screen.getByRole('button', { name: '2026年3月' }).getAttribute('aria-pressed')).toBe('true')
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '2026年7月' }))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '2027年1月' }))
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('2027-01')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(input())
  })

  it('turns the year with its buttons and picks with the mouse; Escape closes', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03" onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(screen.getByRole('button', { name: '上一年' }))
    await user.click(screen.getByRole('button', { name: '2025年11月' }))
    expect(onChange).toHaveBeenLastCalledWith('2025-11')
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('names the months in the UI language', async () => {
    const user = userEvent.setup()
    await act(() => i18n.changeLanguage('en'))
    render(<Harness initial="2026-03" />)
    await user.click(screen.getByRole('button', { name: 'Open calendar' }))
    expect(screen.getByRole('button', { name: 'March 2026' }).textContent).toBe('Mar')
  })
})
