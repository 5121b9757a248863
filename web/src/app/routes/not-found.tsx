import { paths } from '@/config/paths'
import { useTranslation } from '@/lib/i18n'
import { Link } from '@/lib/router'
import './error-page.css'

export default function NotFoundPage() {
  const { t } = useTranslation('shell')
  return (
    <main className="error-page">
      <div className="error-page__body">
        <p className="error-page__code" aria-hidden="true">404</p>
        <h1 className="error-page__title">{t('notFoundTitle')}</h1>
        <p className="error-page__text">{t('notFoundText')}</p>
        <div className="error-page__actions">
          <Link className="btn btn--primary" to={paths.root}>
            {t('backHome')}
          </Link>
        </div>
      </div>
    </main>
  )
}
