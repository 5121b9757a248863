import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { submitOnEnter } from './summary-form'

function setup() {
  const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
  render(
    <form aria-label="f" onSubmit={onSubmit} onKeyDown={submitOnEnter}>
      <input aria-label="date" />
      <input aria-label="count" />
      <select aria-label="pick"><option value="1">1</option></select>
      <textarea aria-label="text" />
      <button type="button">other</button>
    </form>,
  )
  return { user: userEvent.setup(), onSubmit }
}

describe('submitOnEnter', () => {
  it('submits on Enter in a text field or a select, even with two text fields', async () => {
    const { user, onSubmit } = setup()
    await user.type(screen.getByLabelText('date'), '2026{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
    screen.getByLabelText('pick').focus()
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('leaves Enter to a textarea and a button, and Shift+Enter alone', async () => {
    const { user, onSubmit } = setup()
    await user.type(screen.getByLabelText('text'), 'a{Enter}b')
    await user.type(screen.getByLabelText('count'), '{Shift>}{Enter}{/Shift}')
    screen.getByRole('button', { name: 'other' }).focus()
    await user.keyboard('{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
    expect((screen.getByLabelText('text') as HTMLTextAreaElement).value).toBe('a\nb')
  })
})
