import { useMemo } from 'react'
import { Controller, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast-store'
import { SECONDS_OPTIONS, SUIT_FIELDS, suitSchema, type SuitFormValues } from '../api/create-suit'
import type { SuitBrand } from '../api/get-suit-brands'
import type { SuitMedia } from '../api/get-suit-media'
import type { Suit } from '../api/get-suits'
import { entriesOfSuit } from './suit-entries'
import { SuitEntriesEditor } from './suit-entries-editor'

type Props = {
  id: string
  /** The suit being edited; absent when adding. */
  suit?: Suit
  media: SuitMedia[]
  brands: SuitBrand[]
  onSubmit: (values: SuitFormValues) => Promise<unknown>
}

/** New: blank with seconds 15; edit: a copy of the row with its period entries (docs/screens.md "Master-data screens"). */
const initialValues = (s?: Suit): SuitFormValues => ({
  mediaId: s ? String(s.mediaId) : '',
  brandId: s ? String(s.brandId) : '',
  suitName: s?.suitName ?? '',
  customerMetrics: s ? String(s.customerMetrics) : '',
  mediaMetrics: s ? String(s.mediaMetrics) : '',
  seconds: String(s?.seconds ?? 15),
  suitTime: s?.suitTime ?? '',
  timePeriodArray: s ? entriesOfSuit(s) : [],
})

export function SuitForm({ id, suit, media, brands, onSubmit }: Props) {
  const { t } = useTranslation('suits')
  const schema = useMemo(() => suitSchema(t), [t])
  const { register, control, handleSubmit, setError, setValue, watch, formState } = useForm<SuitFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(suit),
  })
  const { errors } = formState
  const mediaId = Number(watch('mediaId')) || undefined
  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values)
      } catch (err) {
        setServerErrors(err, SUIT_FIELDS, setError)
      }
    },
    (invalid) => {
      if (invalid.timePeriodArray) toast.warning(t('validation.addPeriods'))
    },
  )
  // Entries hold one media's periods: another media starts over.
  const mediaField = register('mediaId', { onChange: () => setValue('timePeriodArray', []) })

  return (
    <form id={id} className="form-grid form-grid--2 suit-form" onSubmit={submit} noValidate>
      <FormField label={t('media')} required error={errors.mediaId?.message}>
        <select className="input" {...mediaField}>
          <option value="">{t('mediaPlaceholder')}</option>
          {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
        </select>
      </FormField>
      <FormField label={t('brand')} required error={errors.brandId?.message}>
        <select className="input" {...register('brandId')}>
          <option value="">{t('brandPlaceholder')}</option>
          {brands.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
        </select>
      </FormField>
      <FormField label={t('name')} required error={errors.suitName?.message}>
        <input className="input" placeholder={t('namePlaceholder')} {...register('suitName')} />
      </FormField>
      <FormField label={t('seconds')} required error={errors.seconds?.message}>
        <select className="input" {...register('seconds')}>
          <option value="">{t('secondsPlaceholder')}</option>
          {SECONDS_OPTIONS.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </FormField>
      <FormField label={t('customerMetrics')} required error={errors.customerMetrics?.message}>
        <input className="input" type="number" min={0} step="0.001" placeholder={t('customerMetricsPlaceholder')} {...register('customerMetrics')} />
      </FormField>
      <FormField label={t('mediaMetrics')} required error={errors.mediaMetrics?.message}>
        <input className="input" type="number" min={0} step="0.001" placeholder={t('mediaMetricsPlaceholder')} {...register('mediaMetrics')} />
      </FormField>
      <FormField label={t('suitTime')} required error={errors.suitTime?.message}>
        <FormDatePicker control={control} name="suitTime" kind="month" />
      </FormField>
      <FormGroup label={t('entries')} required error={errors.timePeriodArray?.message} className="form-grid__full">
        <Controller
          control={control}
          name="timePeriodArray"
          render={({ field }) => <SuitEntriesEditor key={mediaId ?? 0} mediaId={mediaId} value={field.value} onChange={field.onChange} />}
        />
      </FormGroup>
    </form>
  )
}
