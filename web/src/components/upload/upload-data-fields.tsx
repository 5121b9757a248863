import { FormField } from '@/components/ui/form-field'
import { BELONGING, DATA_SOURCES, PICKABLE_CATEGORIES } from '@/config/customer-data'
import type { FieldErrors, UseFormRegister } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { useAudienceGroupNames } from './get-audience-groups'
import type { DataAsks, UploadFormValues } from './get-upload-sign'

type Props = {
  register: UseFormRegister<UploadFormValues>
  errors: FieldErrors<UploadFormValues>
  disabled: boolean
  asks: DataAsks
}

/**
 * What a data import asks (docs/screens.md "Uploads"): category and source, the ownership unless the tag has none
 * (正负三), and for customer data the audience group of rows that name none, as the shell's
 * `--audience-group` (blank: each row's 受众/城市组 column).
 */
export function UploadDataFields({ register, errors, disabled, asks }: Props) {
  const { t } = useTranslation(['upload', 'common'])
  const groups = useAudienceGroupNames(asks.group)
  return (
    <div className="form-grid form-grid--2">
      <FormField label={t('category')} required error={errors.category?.message}>
        <select className="input" disabled={disabled} {...register('category')}>
          <option value="">{t('pickCategory')}</option>
          {PICKABLE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`common:dataCategory.${c}`)}</option>)}
        </select>
      </FormField>
      <FormField label={t('source')} required error={errors.source?.message}>
        <select className="input" disabled={disabled} {...register('source')}>
          <option value="">{t('pickSource')}</option>
          {DATA_SOURCES.map((s) => <option key={s} value={s}>{t(`common:dataSource.${s}`)}</option>)}
        </select>
      </FormField>
      {asks.ownership && (
        <FormField label={t('belongingTo')}>
          <select className="input" disabled={disabled} {...register('belongingTo')}>
            {BELONGING.map((b) => <option key={b} value={b}>{t(`common:belongingTo.${b}`)}</option>)}
          </select>
        </FormField>
      )}
      {asks.group && (
        <FormField label={t('audienceGroup')} hint={t('audienceGroupHint')} error={errors.audienceCityGroupName?.message}>
          <select className="input" disabled={disabled} aria-busy={groups.isFetching || undefined} {...register('audienceCityGroupName')}>
            <option value="">{t('groupFromFile')}</option>
            {(groups.data ?? []).map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </FormField>
      )}
    </div>
  )
}
