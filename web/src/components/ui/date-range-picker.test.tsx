import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DateRangePicker } from './date-range-picker'

function Harness({ kind, from = '', to = '', onChange }: { kind?: 'date' | 'datetime'; from?: string; to?: string; onChange?: (f: string, t: string) => void }) {
  const [range, setRange] = useState({ from, to })
  return (
    <form aria-label="筛选">
      <DateRangePicker
        kind={kind}
        label="创建时间"
        startLabel="开始日期"
        endLabel="结束日期"
        from={range.from}
        to={range.to}
        onChange={(f, t) => {
          setRange({ from: f, to: t })
          onChange?.(f, t)
        }}
      />
    </form>
  )
}

const start = () => screen.getByLabelText('开始日期') as HTMLInputElement
const end = () => screen.getByLabelText('结束日期') as HTMLInputElement
const day = (iso: string) => screen.getByRole('dialog').querySelector(`[data-day="${iso}"] button`) as HTMLButtonElement

describe('DateRangePicker', () => {
  // Wednesday 4 March 2026: only Date is faked, so user-event's timers run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 2, 4, 10, 0, 0))
  })
  afterEach(() => vi.useRealTimers())

  it.each([
    ['今天', '2026-03-04', '2026-03-04'],
    ['本周', '2026-03-02', '2026-03-08'],
    ['本月', '2026-03-01', '2026-03-31'],
    ['上月', '2026-02-01', '2026-02-28'],
    ['近30天', '2026-02-03', '2026-03-04'],
  ])('the preset %s fills %s – %s and closes', async (name, from, to) => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(screen.getByRole('button', { name }))
    expect(onChange).toHaveBeenLastCalledWith(from, to)
    expect([start().value, end().value]).toEqual([from, to])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('picks a range with two clicks in either order', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(day('2026-03-20'))
    expect(onChange).not.toHaveBeenCalled()
    await user.click(day('2026-03-09'))
    expect(onChange).toHaveBeenLastCalledWith('2026-03-09', '2026-03-20')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(start())
  })

  it('opens from the end field with ArrowDown and returns the focus there on Escape', async () => {
    const user = userEvent.setup()
    render(<Harness from="2026-03-02" to="2026-03-06" />)
    await user.click(end())
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(day('2026-03-02'))
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(end())
  })

  it('takes typed days, and a start after the end makes both fields invalid so the form refuses', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness from="2026-03-02" to="2026-03-06" onChange={onChange} />)
    await user.clear(start())
    await user.type(start(), '20260310')
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10', '2026-03-06')
    expect(start().validity.valid).toBe(false)
    expect(end().getAttribute('aria-invalid')).toBe('true')
    expect((screen.getByRole('form') as HTMLFormElement).checkValidity()).toBe(false)
    await user.clear(end())
    await user.type(end(), '2026-03-12')
    expect(start().validity.valid).toBe(true)
  })

  it('runs picked date-times over whole days', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness kind="datetime" onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(screen.getByRole('button', { name: '今天' }))
    expect(onChange).toHaveBeenLastCalledWith('2026-03-04T00:00:00', '2026-03-04T23:59:59')
    expect(end().value).toBe('2026-03-04 23:59:59')
  })
})
