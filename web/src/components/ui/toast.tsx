import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '@/lib/i18n'
import { dismissNotice, dismissToast, getNotices, getToast, subscribeToast, type Toast } from './toast-store'
import './toast.css'

type ItemProps = { toast: Toast; className: string; role: 'alert' | 'status'; onClose: (id: number) => void }

/**
 * One toast: it closes itself after its duration (0: only by its close button), and the clock
 * waits while the pointer moves over it or the focus is in it, so a message being read or a close
 * button being reached stays. The pointer pauses by moving, not by resting where a toast appeared.
 */
function ToastItem({ toast: t, className, role, onClose }: ItemProps) {
  const { t: tr } = useTranslation()
  const [pointer, setPointer] = useState(false)
  const [focus, setFocus] = useState(false)
  const held = pointer || focus
  useEffect(() => {
    if (t.durationMs <= 0 || held) return
    const timer = setTimeout(() => onClose(t.id), t.durationMs)
    return () => clearTimeout(timer)
  }, [t.id, t.durationMs, held, onClose])
  return (
    <div
      className={`${className} toast--${t.kind}`}
      role={role}
      onPointerMove={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocus(false)}
    >
      <div className="toast__body">
        {t.title && <strong className="toast__title">{t.title}</strong>}
        <span className="toast__message">{t.message}</span>
      </div>
      <button type="button" className="toast__close" aria-label={tr('close')} onClick={() => onClose(t.id)}>
        ×
      </button>
    </div>
  )
}

/**
 * The single toast (top centre, above dialogs: the answer to what the user just did) and the
 * notifications (a stack at the right, under dialogs, at most three, kept clear of the progress
 * panel by the `--notices-reserve-bottom` it declares).
 */
export function Toaster() {
  const { t } = useTranslation()
  const current = useSyncExternalStore(subscribeToast, getToast, getToast)
  const notices = useSyncExternalStore(subscribeToast, getNotices, getNotices)
  return (
    <>
      {current && (
        <ToastItem key={current.id} toast={current} className="toast" role={current.kind === 'error' ? 'alert' : 'status'} onClose={dismissToast} />
      )}
      {notices.length > 0 && (
        <div className="notices" role="region" aria-label={t('notifications')}>
          {notices.map((n) => (
            <ToastItem key={n.id} toast={n} className="notice" role={n.kind === 'error' ? 'alert' : 'status'} onClose={dismissNotice} />
          ))}
        </div>
      )}
    </>
  )
}
