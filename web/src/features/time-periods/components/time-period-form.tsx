import { useMemo } from 'react'
import { useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { PERIOD_FIELDS, timePeriodSchema, type TimePeriodFormValues } from '../api/create-time-period'
import type { MediaOption } from '@/lib/media-options'
import type { TimePeriod } from '../api/get-time-periods'

type Props = {
  id: string
  /** The period being edited; absent when adding. */
  period?: TimePeriod
  media: MediaOption[]
  onSubmit: (values: TimePeriodFormValues) => Promise<unknown>
}

const initialValues = (p?: TimePeriod): TimePeriodFormValues => ({
  mediaId: p ? String(p.mediaId) : '',
  timePeriodName: p?.timePeriodName ?? '',
  preBroadcastTimeForma: p?.preBroadcastTimeForma ?? '',
  preBroadcastTimeFormaEnd: p?.preBroadcastTimeFormaEnd ?? '',
})

/** 新增时段 / 编辑时段: media, name and the pre-broadcast time range (past midnight up to 29:59:59). */
export function TimePeriodForm({ id, period, media, onSubmit }: Props) {
  const { t } = useTranslation('time-periods')
  const schema = useMemo(() => timePeriodSchema(t), [t])
  const { register, handleSubmit, setError, formState } = useForm<TimePeriodFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(period),
  })
  const { errors } = formState
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, PERIOD_FIELDS, setError)
    }
  })

  return (
    <form id={id} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={t('media')} required error={errors.mediaId?.message}>
        <select className="input" {...register('mediaId')}>
          <option value="">{t('mediaPlaceholder')}</option>
          {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
        </select>
      </FormField>
      <FormField label={t('name')} required error={errors.timePeriodName?.message}>
        <input className="input" placeholder={t('namePlaceholder')} {...register('timePeriodName')} />
      </FormField>
      <FormField label={t('timeFrom')} required error={errors.preBroadcastTimeForma?.message} hint={t('timeHint')}>
        <input className="input" placeholder="HH:mm:ss" autoComplete="off" {...register('preBroadcastTimeForma')} />
      </FormField>
      <FormField label={t('timeTo')} required error={errors.preBroadcastTimeFormaEnd?.message}>
        <input className="input" placeholder="HH:mm:ss" autoComplete="off" {...register('preBroadcastTimeFormaEnd')} />
      </FormField>
    </form>
  )
}
