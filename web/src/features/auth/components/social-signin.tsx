import { useTranslation } from '@/lib/i18n'
import './social-signin.css'

const services = [
  { key: 'wechat', color: '#24da70', glyph: '微' },
  { key: 'qq', color: '#6ba2d6', glyph: 'Q' },
] as const

/** The two third-party sign-in buttons: the spec has them only show an alert. */
export function SocialSignin() {
  const { t } = useTranslation('auth')
  return (
    <div className="social-signin">
      <p className="social-signin__title">{t('social')}</p>
      <div className="social-signin__buttons">
        {services.map((s) => (
          <button
            key={s.key}
            type="button"
            className="social-signin__button"
            onClick={() => window.alert(t('socialAlert', { name: t(s.key) }))}
          >
            <span className="social-signin__icon" style={{ background: s.color }} aria-hidden="true">
              {s.glyph}
            </span>
            {t(s.key)}
          </button>
        ))}
      </div>
    </div>
  )
}
