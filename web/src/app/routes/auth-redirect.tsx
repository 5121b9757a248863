import { useEffect } from 'react'
import { storageKeys } from '@/config/storage-keys'
import { useTranslation } from '@/lib/i18n'

/** OAuth landing page: keeps its query string for the opener and closes the window (docs/screens.md "Routes and layout"). */
export default function AuthRedirectPage() {
  const { t } = useTranslation('auth')
  useEffect(() => {
    const hashQuery = window.location.hash.split('?')[1] ?? ''
    const query = window.location.search.slice(1) || hashQuery
    try {
      localStorage.setItem(storageKeys.oauthCode, query)
    } catch {
      // Nothing to hand over without storage.
    }
    window.close()
  }, [])
  return <p style={{ padding: 20 }}>{t('oauthDone')}</p>
}
