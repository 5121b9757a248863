import { useTranslation } from '@/lib/i18n'
import { listOf } from '@/lib/i18n-text'
import type { Profile } from '../api/get-profile'

/** The signed-in account's details. */
export function ProfileInfo({ profile }: { profile: Profile }) {
  const { t } = useTranslation('admin')
  const rows: [string, string][] = [
    [t('profile.name'), profile.name],
    [t('profile.account'), profile.account],
    [t('profile.rules'), profile.rule_id === '*' ? t('profile.allRules') : listOf(profile.ruleNames, t) || '-'],
    [t('profile.loginip'), profile.loginip || '-'],
    [t('profile.lastLoginTime'), profile.lastLoginTime ?? '-'],
    [t('profile.createTime'), profile.createTime],
  ]
  return (
    <section className="card profile__info" aria-labelledby="profile-info-title">
      <div className="profile__avatar" aria-hidden="true">
        {profile.name.slice(0, 1)}
      </div>
      <h2 id="profile-info-title" className="profile__heading">{t('profile.info')}</h2>
      <dl className="profile__list">
        {rows.map(([label, value]) => (
          <div key={label} className="profile__row">
            <dt>{label}</dt>
            <dd data-field={label}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
