import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import './social-signin.css'

const services = [
  { key: 'wechat', color: '#24da70', glyph: '微' },
  { key: 'qq', color: '#6ba2d6', glyph: 'Q' },
] as const

/**
 * The two third-party sign-in buttons: not open yet, they say so (`{{name}}登录暂未开放…`) as the
 * app's own notice, like every other message, rather than the browser's alert box.
 */
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
            onClick={() => toast.info(t('socialAlert', { name: t(s.key) }))}
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
