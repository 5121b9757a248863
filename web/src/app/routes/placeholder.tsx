import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { findRoute } from '../route-access'
import { appRoutes } from '../route-table'

/** Stand-in for the screens of later issues: the route title and 建设中. */
export default function PlaceholderPage() {
  const { t } = useTranslation()
  const handle = findRoute(appRoutes, useLocation().pathname)
  return (
    <div className="page">
      <section className="card">
        <h1 className="placeholder-title">{handle ? t(`routes:${handle.route.title}`) : ''}</h1>
        <p className="placeholder-text">
          <span className="tag tag--warning">{t('underConstruction')}</span> {t('underConstructionHint')}
        </p>
      </section>
    </div>
  )
}
