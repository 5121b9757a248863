import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import {
  PASSWORD_MIN,
  login,
  validateAccount,
  validateLogin,
  validatePassword,
  type LoginErrors,
  type LoginResult,
} from '../api/login'
import './login-form.css'

type Props = { onSuccess: (result: LoginResult) => void; footer?: ReactNode }

export function LoginForm({ onSuccess, footer }: Props) {
  const { t } = useTranslation('auth')
  const [acc, setAcc] = useState('')
  const [pwd, setPwd] = useState('')
  const [errors, setErrors] = useState<LoginErrors>({})
  const [showPwd, setShowPwd] = useState(false)
  const [capsLock, setCapsLock] = useState(false)
  const [loading, setLoading] = useState(false)

  const setError = (field: keyof LoginErrors, message: string | undefined) =>
    setErrors((e) => ({ ...e, [field]: message }))

  const checkCaps = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState('CapsLock'))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateLogin({ acc, pwd })
    setErrors(found)
    if (found.acc || found.pwd || loading) return
    setLoading(true)
    try {
      onSuccess(await login({ acc, pwd }))
    } catch {
      // The API client has already shown the server's message.
      setLoading(false)
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <h1 className="login-form__title">{t('title')}</h1>

      <div className={`login-field${errors.acc ? ' login-field--invalid' : ''}`}>
        <label htmlFor="login-acc">{t('account')}</label>
        <input
          id="login-acc"
          name="acc"
          autoComplete="username"
          placeholder={t('accountPlaceholder')}
          autoFocus
          value={acc}
          aria-invalid={!!errors.acc}
          aria-describedby={errors.acc ? 'login-acc-error' : undefined}
          onChange={(e) => {
            setAcc(e.target.value)
            if (errors.acc) setError('acc', validateAccount(e.target.value))
          }}
          onBlur={() => setError('acc', validateAccount(acc))}
        />
      </div>
      {errors.acc && <p id="login-acc-error" className="login-error">{t(errors.acc)}</p>}

      <div className={`login-field${errors.pwd ? ' login-field--invalid' : ''}`}>
        <label htmlFor="login-pwd">{t('password')}</label>
        <input
          id="login-pwd"
          name="pwd"
          type={showPwd ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('passwordPlaceholder')}
          value={pwd}
          aria-invalid={!!errors.pwd}
          aria-describedby={errors.pwd ? 'login-pwd-error' : undefined}
          onChange={(e) => {
            setPwd(e.target.value)
            if (errors.pwd) setError('pwd', validatePassword(e.target.value))
          }}
          onKeyDown={checkCaps}
          onKeyUp={checkCaps}
          onBlur={() => {
            setCapsLock(false)
            setError('pwd', validatePassword(pwd))
          }}
        />
        <button
          type="button"
          className="login-field__toggle"
          aria-label={showPwd ? t('hidePassword') : t('showPassword')}
          aria-pressed={showPwd}
          onClick={() => setShowPwd((v) => !v)}
        >
          <EyeIcon open={showPwd} />
        </button>
      </div>
      {errors.pwd && <p id="login-pwd-error" className="login-error">{t(errors.pwd, { min: PASSWORD_MIN })}</p>}
      {capsLock && <p className="login-hint" role="status">{t('capsLock')}</p>}

      <button type="submit" className="login-form__submit" disabled={loading}>
        {loading ? t('submitting') : t('submit')}
      </button>
      {footer}
    </form>
  )
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  )
}
