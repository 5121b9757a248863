import { paths } from '@/config/paths'
import { useTranslation } from '@/lib/i18n'
import { Link, useNavigate } from '@/lib/router'
import { getRoles } from '@/lib/session'
import { findRoute, filterRoutes } from '../route-access'
import { appRoutes } from '../route-table'
import './error-page.css'

export default function UnauthorizedPage() {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  // The link goes to the dashboard when the user may open it, else to their home page.
  const toDashboard = !!findRoute(filterRoutes(appRoutes, getRoles()), paths.dashboard)
  return (
    <main className="error-page">
      <div className="error-page__body">
        <p className="error-page__code" aria-hidden="true">401</p>
        <h1 className="error-page__title">{t('unauthorizedTitle')}</h1>
        <p className="error-page__text">{t('unauthorizedText')}</p>
        <div className="error-page__actions">
          <button type="button" className="btn" onClick={() => navigate(-1)}>
            {t('common:back')}
          </button>
          <Link className="btn btn--primary" to={toDashboard ? paths.dashboard : paths.root}>
            {toDashboard ? t('toDashboard') : t('backHome')}
          </Link>
        </div>
      </div>
    </main>
  )
}
