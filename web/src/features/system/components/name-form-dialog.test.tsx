import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { NameFormDialog } from './name-form-dialog'

function setup(onSubmit: (name: string) => Promise<unknown>, initial = '') {
  render(
    <NameFormDialog
      open
      title="添加品牌"
      label="品牌名称"
      placeholder="请输入品牌"
      required="请输入品牌"
      initial={initial}
      serverFields={['brandName', 'brandNameUp']}
      onSubmit={onSubmit}
      onClose={() => {}}
    />,
  )
  const user = userEvent.setup()
  return { user, confirm: () => user.click(screen.getByRole('button', { name: '确定' })) }
}

const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('NameFormDialog', () => {
  it('asks for the name with the spec message', async () => {
    const onSubmit = vi.fn(async () => undefined)
    const { confirm } = setup(onSubmit)
    await confirm()
    expect(messageOf(screen.getByLabelText('品牌名称'))).toBe('请输入品牌')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the trimmed name and shows a duplicate (4009) on the field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(4009, '品牌名称已存在', { fields: { brandNameUp: ['品牌名称已存在'] } }, 409)
    })
    const { user, confirm } = setup(onSubmit, '伊利')
    const input = screen.getByLabelText('品牌名称')
    await user.type(input, ' 集团 ')
    await confirm()
    expect(onSubmit).toHaveBeenCalledWith('伊利 集团')
    expect(messageOf(input)).toBe('品牌名称已存在')
  })
})
