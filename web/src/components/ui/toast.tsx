import { useSyncExternalStore } from 'react'
import { useTranslation } from '@/lib/i18n'
import { dismissNotice, dismissToast, getNotices, getToast, subscribeToast, type Toast } from './toast-store'
import './toast.css'

function Body({ t }: { t: Toast }) {
  return (
    <div className="toast__body">
      {t.title && <strong className="toast__title">{t.title}</strong>}
      <span className="toast__message">{t.message}</span>
    </div>
  )
}

export function Toaster() {
  const { t } = useTranslation()
  const current = useSyncExternalStore(subscribeToast, getToast, getToast)
  const notices = useSyncExternalStore(subscribeToast, getNotices, getNotices)
  return (
    <>
      {current && (
        <div key={current.id} className={`toast toast--${current.kind}`} role={current.kind === 'error' ? 'alert' : 'status'}>
          <Body t={current} />
          <button type="button" className="toast__close" aria-label={t('close')} onClick={dismissToast}>
            ×
          </button>
        </div>
      )}
      {notices.length > 0 && (
        <div className="notices" role="region" aria-label={t('notifications')}>
          {notices.map((n) => (
            <div key={n.id} className={`notice toast--${n.kind}`} role="status">
              <Body t={n} />
              <button type="button" className="toast__close" aria-label={t('close')} onClick={() => dismissNotice(n.id)}>
                ×
              </button>
            </div>
          ))}
        </div>
      )}
    </>
  )
}
