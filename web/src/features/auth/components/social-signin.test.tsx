import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { dismissToast } from '@/components/ui/toast-store'
import { SocialSignin } from './social-signin'

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
})

describe('SocialSignin', () => {
  it('answers 微信 and QQ with the app’s notice, never the browser’s alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    render(
      <>
        <SocialSignin />
        <Toaster />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: '微信' }))
    expect(screen.getByRole('status').textContent).toContain('微信登录暂未开放，请使用账号密码登录。')
    await userEvent.click(screen.getByRole('button', { name: 'QQ' }))
    expect(screen.getByRole('status').textContent).toContain('QQ登录暂未开放，请使用账号密码登录。')
    expect(alert).not.toHaveBeenCalled()
  })
})
