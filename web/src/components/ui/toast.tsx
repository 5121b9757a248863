import { useSyncExternalStore } from 'react'
import { dismissToast, getToast, subscribeToast } from './toast-store'
import './toast.css'

export function Toaster() {
  const t = useSyncExternalStore(subscribeToast, getToast, getToast)
  if (!t) return null
  return (
    <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
      <div className="toast__body">
        {t.title && <strong className="toast__title">{t.title}</strong>}
        <span className="toast__message">{t.message}</span>
      </div>
      <button type="button" className="toast__close" aria-label="关闭" onClick={dismissToast}>
        ×
      </button>
    </div>
  )
}
