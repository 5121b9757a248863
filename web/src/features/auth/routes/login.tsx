import { paths } from '@/config/paths'
import { navigate } from '@/lib/hash-location'
import { setSession } from '@/lib/session'
import type { LoginResult } from '../api/login'
import { LoginForm } from '../components/login-form'
import './login.css'

/** Where to go after signing in: the `redirect` path, carrying the login URL's other query parameters. */
export function afterLoginPath(query: URLSearchParams) {
  const wanted = query.get('redirect')
  // Only in-app paths: `//host` would not leave the hash route, but keep it tidy anyway.
  const path = wanted && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : paths.home
  const rest = new URLSearchParams(query)
  rest.delete('redirect')
  const qs = rest.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

export function LoginRoute({ query }: { query: URLSearchParams }) {
  function onSuccess(r: LoginResult) {
    setSession({ token: r.token, id: r.id, name: r.name, ruleId: r.rule_id })
    navigate(afterLoginPath(query), { replace: true })
  }
  return (
    <main className="login-page">
      <LoginForm onSuccess={onSuccess} />
    </main>
  )
}
