import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from './dialog'

function Harness({ closeOnBackdrop, onConfirm = vi.fn() }: { closeOnBackdrop?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <Dialog open={open} onOpenChange={setOpen} title="添加管理员" closeOnBackdrop={closeOnBackdrop} onConfirm={onConfirm}>
        <input aria-label="姓名" />
      </Dialog>
    </>
  )
}

const overlay = () => document.querySelector('.dialog-overlay') as HTMLElement
// Radix listens for outside pointer-downs from the tick after opening.
const tick = () => new Promise((r) => setTimeout(r, 10))

describe('Dialog', () => {
  it('shows the title, the body and 取消/确定', async () => {
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)
    expect(screen.getByRole('dialog', { name: '添加管理员' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: '确定' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    await userEvent.click(screen.getByRole('button', { name: '取消' }))
    expect(screen.getByTestId('state').textContent).toBe('closed')
  })

  it('moves with its header when dragged', () => {
    render(<Harness />)
    const dialog = screen.getByRole('dialog')
    expect(dialog.style.transform).toBe('translate(0px, 0px)')
    const header = screen.getByTestId('dialog-header')
    fireEvent.pointerDown(header, { button: 0, clientX: 100, clientY: 100, pointerId: 1 })
    fireEvent.pointerMove(header, { clientX: 160, clientY: 140, pointerId: 1 })
    fireEvent.pointerUp(header, { clientX: 160, clientY: 140, pointerId: 1 })
    expect(dialog.style.transform).toBe('translate(60px, 40px)')
    // Once released, pointer moves no longer drag it.
    fireEvent.pointerMove(header, { clientX: 300, clientY: 300, pointerId: 1 })
    expect(dialog.style.transform).toBe('translate(60px, 40px)')
  })

  it('stays inside the viewport while dragged', () => {
    render(<Harness />)
    const dialog = screen.getByRole('dialog')
    const rect = { left: 200, top: 100, right: 800, bottom: 500, width: 600, height: 400, x: 200, y: 100 }
    dialog.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect }) as DOMRect
    const header = screen.getByTestId('dialog-header')
    fireEvent.pointerDown(header, { button: 0, clientX: 300, clientY: 120, pointerId: 1 })
    fireEvent.pointerMove(header, { clientX: -5000, clientY: -5000, pointerId: 1 })
    expect(dialog.style.transform).toBe('translate(-200px, -100px)')
    fireEvent.pointerMove(header, { clientX: 5000, clientY: 5000, pointerId: 1 })
    expect(dialog.style.transform).toBe(`translate(${window.innerWidth - 800}px, ${window.innerHeight - 500}px)`)
  })

  it('closes on Escape', async () => {
    render(<Harness />)
    await userEvent.keyboard('{Escape}')
    expect(screen.getByTestId('state').textContent).toBe('closed')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('does not close on a backdrop click by default', async () => {
    render(<Harness />)
    await tick()
    await userEvent.click(overlay())
    expect(screen.getByTestId('state').textContent).toBe('open')
  })

  it('closes on a backdrop click when asked to', async () => {
    render(<Harness closeOnBackdrop />)
    await tick()
    await userEvent.click(overlay())
    expect(screen.getByTestId('state').textContent).toBe('closed')
  })
})
