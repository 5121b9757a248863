import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { toInputTime, VIEWING_FIELDS, viewingSchema, type ViewingFormValues } from '../api/create-online-viewing'
import type { OnlineViewing } from '../api/get-online-viewings'
import type { ViewingMedia } from '../api/get-online-viewing-media'

type Props = {
  id: string
  /** The record being edited; absent when adding. */
  record?: OnlineViewing
  media: ViewingMedia[]
  onSubmit: (values: ViewingFormValues) => Promise<unknown>
}

function initialValues(record?: OnlineViewing): ViewingFormValues {
  return {
    mediaId: record ? String(record.mediaId) : '',
    onlineViewingName: record?.onlineViewingName ?? '',
    onlineViewingTime: record ? toInputTime(record.onlineViewingTime) : '',
    viewing: record ? String(record.viewing) : '',
    ranking: record ? String(record.ranking) : '',
  }
}

/** 媒体, 名称, 网络收视日期, 收视 and 排名; 4000 answers land on their fields. */
export function ViewingForm({ id, record, media, onSubmit }: Props) {
  const { t } = useTranslation('network-viewing')
  const schema = useMemo(() => viewingSchema(t), [t])
  const { register, control, handleSubmit, setError, formState } = useForm<ViewingFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(record),
  })
  const { errors } = formState
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, VIEWING_FIELDS, setError)
    }
  })

  return (
    <form id={id} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={t('media')} required error={errors.mediaId?.message}>
        <select className="input" {...register('mediaId')}>
          <option value="">{t('mediaPlaceholder')}</option>
          {media.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.mediaName}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('name')} required error={errors.onlineViewingName?.message}>
        <input className="input" autoComplete="off" placeholder={t('namePlaceholder')} {...register('onlineViewingName')} />
      </FormField>
      <FormField label={t('time')} required error={errors.onlineViewingTime?.message}>
        <FormDatePicker control={control} name="onlineViewingTime" kind="datetime" />
      </FormField>
      <FormField label={t('viewing')} required error={errors.viewing?.message}>
        <input className="input" inputMode="decimal" autoComplete="off" placeholder={t('viewingPlaceholder')} {...register('viewing')} />
      </FormField>
      <FormField label={t('ranking')} required error={errors.ranking?.message}>
        <input className="input" inputMode="numeric" autoComplete="off" placeholder={t('rankingPlaceholder')} {...register('ranking')} />
      </FormField>
    </form>
  )
}
