import { LoginRoute } from '@/features/auth/routes/login'
import { LangSelect } from '../layout/lang-select'
import { allowedTarget } from '../route-access'
import './login.css'

/** The login screen, sending the user to the redirect target or, if not allowed, their home page. */
export default function LoginPage() {
  return (
    <div className="login-shell">
      <div className="login-shell__lang">
        <LangSelect />
      </div>
      <LoginRoute resolveTarget={allowedTarget} />
    </div>
  )
}
