import { paths } from '@/config/paths'
import { queryClient } from '@/lib/query-client'
import { useNavigate, useSearchParams } from '@/lib/router'
import { getRoles, setSession } from '@/lib/session'
import type { LoginResult } from '../api/login'
import { LoginForm } from '../components/login-form'
import { SocialSignin } from '../components/social-signin'
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

type Props = {
  /** Maps the wanted path to one the user's roles open (the app's route table knows). */
  resolveTarget?: (fullPath: string, roles: string[]) => string
}

export function LoginRoute({ resolveTarget = (p) => p }: Props) {
  const [query] = useSearchParams()
  const navigate = useNavigate()

  function onSuccess(r: LoginResult) {
    setSession({ token: r.token, id: r.id, name: r.name, ruleId: r.rule_id })
    // A new user: nothing cached for the previous one may show.
    queryClient.clear()
    navigate(resolveTarget(afterLoginPath(query), getRoles()), { replace: true })
  }

  return (
    <main className="login-page">
      <LoginForm onSuccess={onSuccess} footer={<SocialSignin />} />
    </main>
  )
}
