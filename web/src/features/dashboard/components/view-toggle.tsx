import { useTranslation } from '@/lib/i18n'

export type DashboardView = 'products' | 'groups'

type Props = {
  value: DashboardView
  onChange: (next: DashboardView) => void
}

/**
 * 按产品 / 按受众/城市组: two toggle buttons, offered while exactly one product is searched.
 * Per group the series are the product's audience groups (dashboardoneBIndex) under the
 * toolbar's other filters; the hint says how the views relate (the default group's series is
 * the product's when no group is chosen).
 */
export function ViewToggle({ value, onChange }: Props) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="dash-view">
      <div className="dash-view__buttons" role="group" aria-label={t('view.label')}>
        {(['products', 'groups'] as const).map((v) => (
          <button key={v} type="button" className={`btn btn--small${value === v ? ' btn--primary' : ''}`} aria-pressed={value === v} onClick={() => onChange(v)}>
            {t(`view.${v}`)}
          </button>
        ))}
      </div>
      {value === 'groups' && <p className="dash-view__hint">{t('view.hint')}</p>}
    </div>
  )
}
