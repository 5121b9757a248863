import { useState } from 'react'
import { env } from '@/config/env'
import { logout } from '@/features/auth/api/logout'
import { currentPath, loginPath, navigate } from '@/lib/hash-location'
import { clearSession, useSession } from '@/lib/session'

/** Placeholder landing page until the order summary exists. */
export function HomeRoute() {
  const session = useSession()
  const [leaving, setLeaving] = useState(false)

  async function signOut() {
    setLeaving(true)
    const back = loginPath(currentPath())
    // Sign out locally even when the server call fails: the token is useless to the user now.
    await logout().catch(() => undefined)
    clearSession()
    navigate(back, { replace: true })
  }

  return (
    <>
      <header className="app-header">
        <h1 className="app-header__title">{env.appTitle}</h1>
        <div className="app-header__user">
          <span data-testid="current-user">已登录：{session?.name}</span>
          <button type="button" className="btn" onClick={signOut} disabled={leaving}>
            退出登录
          </button>
        </div>
      </header>
      <main className="app-content">
        <p>订单汇总（建设中）</p>
      </main>
    </>
  )
}
