import { useMemo } from 'react'
import { Controller, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { ACCOUNT_FIELDS, accountSchema, ALL_RULES, type AccountFormValues } from '../api/create-account'
import type { Account } from '../api/get-accounts'
import type { MenuNode } from '../api/get-account-menus'
import { AccountMenuPicker } from './account-menu-picker'

type Props = {
  id: string
  /** The account being edited; absent when adding. */
  account?: Account
  menus: MenuNode[]
  onSubmit: (values: AccountFormValues) => Promise<unknown>
}

function initialValues(account?: Account): AccountFormValues {
  return {
    name: account?.name ?? '',
    account: account?.account ?? '',
    password: '',
    password_confirmation: '',
    status: account?.status ?? '1',
    rule_id: account ? (account.rule_id === ALL_RULES ? [ALL_RULES] : account.rule_id.split(',').filter(Boolean)) : [],
  }
}

/** The add/edit account form; 4000 answers land on their fields. */
export function AccountForm({ id, account, menus, onSubmit }: Props) {
  const { t } = useTranslation('admin')
  const editing = account !== undefined
  const schema = useMemo(() => accountSchema(t, editing), [t, editing])
  const { register, control, handleSubmit, setError, formState } = useForm<AccountFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(account),
  })
  const { errors } = formState

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, ACCOUNT_FIELDS, setError)
    }
  })

  return (
    <form id={id} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={t('accounts.name')} required error={errors.name?.message}>
        <input className="input" placeholder={t('accounts.namePlaceholder')} {...register('name')} />
      </FormField>
      <FormField label={t('accounts.account')} required error={errors.account?.message}>
        <input className="input" autoComplete="off" placeholder={t('accounts.accountPlaceholder')} {...register('account')} />
      </FormField>
      <FormField
        label={t('accounts.password')}
        required={!editing}
        error={errors.password?.message}
        hint={editing ? t('accounts.passwordKeep') : undefined}
      >
        <input className="input" type="password" autoComplete="new-password" placeholder={t('accounts.passwordPlaceholder')} {...register('password')} />
      </FormField>
      <FormField label={t('accounts.passwordConfirmation')} required={!editing} error={errors.password_confirmation?.message}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          placeholder={t('accounts.confirmPlaceholder')}
          {...register('password_confirmation')}
        />
      </FormField>
      <FormGroup label={t('common.status')} required error={errors.status?.message}>
        <div className="choice-group">
          <label className="choice">
            <input type="radio" value="1" {...register('status')} />
            {t('common.normal')}
          </label>
          <label className="choice">
            <input type="radio" value="2" {...register('status')} />
            {t('common.disabled')}
          </label>
        </div>
      </FormGroup>
      <FormGroup label={t('accounts.rules')} required error={errors.rule_id?.message}>
        <Controller
          control={control}
          name="rule_id"
          render={({ field }) => (
            <AccountMenuPicker menus={menus} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
      </FormGroup>
    </form>
  )
}
