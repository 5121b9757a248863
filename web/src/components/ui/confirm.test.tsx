import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { confirm, confirmDelete } from './confirm'

describe('confirm()', () => {
  it('asks under 提示 and resolves true on 确定', async () => {
    const answer = confirm('此操作将永久删除该记录, 是否继续?')
    const box = await screen.findByRole('alertdialog', { name: '提示' })
    expect(box.textContent).toContain('此操作将永久删除该记录, 是否继续?')
    await userEvent.click(screen.getByRole('button', { name: '确定' }))
    await expect(answer).resolves.toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('resolves false on 取消', async () => {
    const answer = confirm('确定删除?')
    await userEvent.click(await screen.findByRole('button', { name: '取消' }))
    await expect(answer).resolves.toBe(false)
  })

  it('resolves false on Escape', async () => {
    const answer = confirm('确定删除?', { title: '删除' })
    await screen.findByRole('alertdialog', { name: '删除' })
    await userEvent.keyboard('{Escape}')
    await expect(answer).resolves.toBe(false)
  })

  it('asks a delete naming the item, with what else it does, 确定 in red', async () => {
    const answer = confirmDelete('时段归纳「黄金时段」', '其中的时段将变为未归纳。')
    const box = await screen.findByRole('alertdialog', { name: '提示' })
    expect(box.textContent).toContain('确定删除时段归纳「黄金时段」吗？其中的时段将变为未归纳。')
    const ok = screen.getByRole('button', { name: '确定' })
    expect(ok.className).toContain('btn--danger')
    await userEvent.click(ok)
    await expect(answer).resolves.toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    const plain = confirmDelete('产品「纯牛奶」')
    expect((await screen.findByRole('alertdialog')).textContent).toContain('确定删除产品「纯牛奶」吗？')
    await userEvent.click(screen.getByRole('button', { name: '取消' }))
    await expect(plain).resolves.toBe(false)
  })
})
