import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'

/** Answers a 删除's question (confirmDelete): it must name what goes; then 确定. */
export async function answerDelete(user: UserEvent, question: string) {
  const ask = await screen.findByRole('alertdialog', { name: '提示' })
  expect(ask.textContent).toContain(question)
  await user.click(within(ask).getByRole('button', { name: '确定' }))
}
