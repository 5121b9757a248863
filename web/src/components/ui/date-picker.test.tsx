import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { DatePicker } from './date-picker'
import { dismissToast, getToast } from './toast-store'

function Harness({ initial = '', onChange, ...rest }: { initial?: string; onChange?: (v: string) => void; min?: string; max?: string; kind?: 'date' | 'datetime' }) {
  const [value, setValue] = useState(initial)
  return (
    <DatePicker
      aria-label="跟进日期"
      value={value}
      onChange={(v) => {
        setValue(v)
        onChange?.(v)
      }}
      {...rest}
    />
  )
}

const input = () => screen.getByLabelText('跟进日期') as HTMLInputElement
const calendar = () => screen.getByRole('dialog', { name: '日历' })
const day = (iso: string) => calendar().querySelector(`[data-day="${iso}"] button`) as HTMLButtonElement

describe('DatePicker', () => {
  afterEach(() => act(() => void i18n.changeLanguage('zh-CN')))

  it('takes a typed date in any of the usual forms and keeps the text as typed', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    await user.type(input(), '2026/3/5')
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05')
    expect(input().value).toBe('2026/3/5')
    await user.tab()
    expect(input().value).toBe('2026-03-05')
  })

  it('keeps the value under text that is no date, and shows the value again on leaving', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" onChange={onChange} />)
    await user.clear(input())
    expect(onChange).toHaveBeenLastCalledWith('')
    await user.type(input(), '3月5日')
    expect(onChange).toHaveBeenCalledTimes(1)
    await user.tab()
    expect(input().value).toBe('')
  })

  it('says so when it drops typed text that is no date on leaving', async () => {
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" />)
    await user.clear(input())
    await user.type(input(), '2026-02-30')
    await user.tab()
    // Typed a key at a time, 2026-02-3 meant 3 February: that stays, and the field says why.
    expect(input().value).toBe('2026-02-03')
    expect(getToast()?.message).toBe('「2026-02-30」不是有效日期，仍为 2026-02-03')
    await user.clear(input())
    await user.type(input(), '昨天')
    await user.tab()
    expect(input().value).toBe('')
    expect(getToast()?.message).toBe('「昨天」不是有效日期，已清空')
    await user.type(input(), '2026-03-07')
    await user.type(input(), '{Backspace}{Backspace}x')
    await user.tab()
    expect(input().value).toBe('2026-03-07')
    expect(getToast()).toMatchObject({ kind: 'warning', message: '「2026-03-x」不是有效日期，仍为 2026-03-07' })
    act(() => dismissToast())
    // A field left as it was, or left empty, says nothing.
    await user.click(input())
    await user.tab()
    expect(getToast()).toBeNull()
  })

  it('picks a day with the mouse, closes and returns the focus to the field', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(day('2026-03-18'))
    expect(onChange).toHaveBeenLastCalledWith('2026-03-18')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(input().value).toBe('2026-03-18')
    expect(document.activeElement).toBe(input())
  })

  it('works from the keyboard: ArrowDown opens on the chosen day, arrows move, Enter picks', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" onChange={onChange} />)
    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(day('2026-03-05'))
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(document.activeElement).toBe(day('2026-03-13'))
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('2026-03-13')
    expect(document.activeElement).toBe(input())
  })

  it('opens with Enter or Space on its button; Escape closes and returns the focus', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" onChange={onChange} />)
    screen.getByRole('button', { name: '打开日历' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(day('2026-03-05'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(input())
    screen.getByRole('button', { name: '打开日历' }).focus()
    await user.keyboard(' ')
    expect(calendar()).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('offers only the days within min and max', async () => {
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" min="2026-03-04" max="2026-03-20" />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    expect(day('2026-03-03').disabled).toBe(true)
    expect(day('2026-03-04').disabled).toBe(false)
    expect(day('2026-03-20').disabled).toBe(false)
    expect(day('2026-03-21').disabled).toBe(true)
  })

  it('keeps the time of a date-time when another day is picked', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness kind="datetime" initial="2026-03-05T20:05:09" onChange={onChange} />)
    expect(input().value).toBe('2026-03-05 20:05:09')
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    await user.click(day('2026-03-07'))
    expect(onChange).toHaveBeenLastCalledWith('2026-03-07T20:05:09')
    await user.clear(input())
    await user.type(input(), '2026-03-08 7:30')
    expect(onChange).toHaveBeenLastCalledWith('2026-03-08T07:30:00')
  })

  it('speaks the UI language: Chinese weeks start on Monday, English ones on Sunday', async () => {
    const user = userEvent.setup()
    render(<Harness initial="2026-03-05" />)
    await user.click(screen.getByRole('button', { name: '打开日历' }))
    const headers = () => [...calendar().querySelectorAll('.rdp-weekday')].map((h) => h.getAttribute('aria-label'))
    expect(headers()[0]).toBe('星期一')
    expect(within(calendar()).getByRole('button', { name: '前往下个月' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await act(() => i18n.changeLanguage('en'))
    await user.click(screen.getByRole('button', { name: 'Open calendar' }))
    const popup = screen.getByRole('dialog', { name: 'Calendar' })
    expect(popup.querySelector('.rdp-weekday')?.getAttribute('aria-label')).toBe('Sunday')
    expect(within(popup).getByRole('grid', { name: 'March 2026' })).toBeTruthy()
  })
})
