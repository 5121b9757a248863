import { useState, type FormEvent, type KeyboardEvent } from 'react'
import {
  login,
  validateAccount,
  validateLogin,
  validatePassword,
  type LoginErrors,
  type LoginResult,
} from '../api/login'
import './login-form.css'

type Props = { onSuccess: (result: LoginResult) => void }

export function LoginForm({ onSuccess }: Props) {
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
      <h1 className="login-form__title">系统登录</h1>

      <div className={`login-field${errors.acc ? ' login-field--invalid' : ''}`}>
        <label htmlFor="login-acc">账号</label>
        <input
          id="login-acc"
          name="acc"
          autoComplete="username"
          placeholder="请输入账号"
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
      {errors.acc && <p id="login-acc-error" className="login-error">{errors.acc}</p>}

      <div className={`login-field${errors.pwd ? ' login-field--invalid' : ''}`}>
        <label htmlFor="login-pwd">密码</label>
        <input
          id="login-pwd"
          name="pwd"
          type={showPwd ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder="请输入密码"
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
          aria-label={showPwd ? '隐藏密码' : '显示密码'}
          aria-pressed={showPwd}
          onClick={() => setShowPwd((v) => !v)}
        >
          <EyeIcon open={showPwd} />
        </button>
      </div>
      {errors.pwd && <p id="login-pwd-error" className="login-error">{errors.pwd}</p>}
      {capsLock && <p className="login-hint" role="status">大写锁定已打开</p>}

      <button type="submit" className="login-form__submit" disabled={loading}>
        {loading ? '登录中…' : '登录'}
      </button>
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
