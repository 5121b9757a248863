import { useTranslation } from '@/lib/i18n'
import { Link } from '@/lib/router'
import { breadcrumbItems } from './breadcrumb-items'
import { useCurrentHandle } from './use-shell'

export function Breadcrumb() {
  const { t } = useTranslation('shell')
  const items = breadcrumbItems(useCurrentHandle())
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb')}>
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1
          return (
            <li key={`${item.title}-${i}`}>
              {last || !item.path ? (
                <span aria-current={last ? 'page' : undefined}>{t(item.title)}</span>
              ) : (
                <Link to={item.path}>{t(item.title)}</Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
