import { useSyncExternalStore } from 'react'
import { useTranslation } from '@/lib/i18n'
import { loadingMask } from '@/lib/loading'
import './loading-mask.css'

/** The full-screen mask shown while API calls are pending (at most 4 s per call). */
export function LoadingMask() {
  const visible = useSyncExternalStore(loadingMask.subscribe, loadingMask.get, loadingMask.get)
  const { t } = useTranslation()
  if (!visible) return null
  return (
    <div className="loading-mask" role="status" aria-live="polite" aria-label={t('loading')} data-testid="loading-mask">
      <span className="loading-mask__spinner" aria-hidden="true" />
    </div>
  )
}
