import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { getSession, setSession } from '@/lib/session'
import type { Profile } from '../api/get-profile'
import { PROFILE_FIELDS, profileSchema, useUpdateProfile, type ProfileFormValues } from '../api/update-profile'

/** Changes the own name, and the password with the current one. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('admin')
  const schema = useMemo(() => profileSchema(t), [t])
  const update = useUpdateProfile()
  const { register, handleSubmit, setError, reset, formState } = useForm<ProfileFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: { name: profile.name, oldPassword: '', password: '', password_confirmation: '' },
  })
  const { errors } = formState

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values)
      reset({ name: saved.name, oldPassword: '', password: '', password_confirmation: '' })
      // The navbar shows the session's name.
      const session = getSession()
      if (session) setSession({ ...session, name: saved.name })
      toast.success(t('common.updated'))
    } catch (err) {
      setServerErrors(err, PROFILE_FIELDS, setError)
    }
  })

  return (
    <section className="card" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="profile__heading">{t('profile.changeTitle')}</h2>
      <form className="form-grid profile__form" onSubmit={submit} noValidate>
        <FormField label={t('profile.name')} required error={errors.name?.message}>
          <input className="input" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label={t('profile.oldPassword')} error={errors.oldPassword?.message} hint={t('profile.passwordHint')}>
          <input className="input" type="password" autoComplete="current-password" {...register('oldPassword')} />
        </FormField>
        <FormField label={t('profile.password')} error={errors.password?.message}>
          <input className="input" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label={t('profile.passwordConfirmation')} error={errors.password_confirmation?.message}>
          <input className="input" type="password" autoComplete="new-password" {...register('password_confirmation')} />
        </FormField>
        <div className="profile__actions">
          <button type="submit" className="btn btn--primary" disabled={update.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </section>
  )
}
