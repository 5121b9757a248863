import { useMemo } from 'react'
import { Controller, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { CLASS_FIELDS, classSchema, type ClassFormValues } from '../api/create-time-period-class'
import type { MediaOption } from '@/lib/media-options'
import { useMediaPeriods, type TimePeriod, type TimePeriodGroup } from '../api/get-time-periods'
import { PeriodPicker } from './period-picker'

/** What the form reads of a class. */
export type ClassTarget = Pick<TimePeriodGroup, 'classId' | 'mediaId' | 'timePeriodClassName' | 'timePeriodId'>

/** The periods to choose from, as a query gives them. */
export type PeriodSource = { data?: TimePeriod[]; isLoading: boolean }

type Props = {
  id: string
  /** The class being edited; absent when adding. */
  group?: ClassTarget
  media: MediaOption[]
  /** A media the class must be of (shown, not chosen): another screen's class, such as an order's. */
  fixedMedia?: number
  /** That media's periods, from a call that screen may make; by default the media's tree here. */
  periods?: PeriodSource
  onSubmit: (values: ClassFormValues) => Promise<unknown>
}

const initialValues = (g?: ClassTarget, fixedMedia?: number): ClassFormValues => ({
  mediaId: g ? String(g.mediaId) : fixedMedia ? String(fixedMedia) : '',
  timePeriodClassName: g?.timePeriodClassName ?? '',
  timePeriodId: (g?.timePeriodId ?? '').split(',').filter(Boolean).map(Number),
})

/** 新增时段归纳 / 编辑时段归纳: a media, a name and the media's periods it groups. */
export function ClassForm({ id, group, media, fixedMedia, periods: given, onSubmit }: Props) {
  const { t } = useTranslation('time-periods')
  const schema = useMemo(() => classSchema(t), [t])
  const { register, control, handleSubmit, setError, setValue, watch, formState } = useForm<ClassFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(group, fixedMedia),
  })
  const { errors } = formState
  const mediaId = Number(watch('mediaId')) || undefined
  // Given periods replace the tree's (whose call another screen's account may not make).
  const tree = useMediaPeriods(given ? undefined : mediaId)
  const periods = given ?? tree
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, CLASS_FIELDS, setError)
    }
  })
  // Periods belong to one media: another media starts with none chosen.
  const mediaField = register('mediaId', { onChange: () => setValue('timePeriodId', []) })

  return (
    <form id={id} className="form-grid" onSubmit={submit} noValidate>
      <FormField label={t('media')} required error={errors.mediaId?.message}>
        {fixedMedia ? (
          <input className="input" readOnly value={media.find((m) => m.id === fixedMedia)?.mediaName ?? ''} />
        ) : (
          <select className="input" {...mediaField}>
            <option value="">{t('mediaPlaceholder')}</option>
            {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
          </select>
        )}
      </FormField>
      <FormField label={t('className')} required error={errors.timePeriodClassName?.message}>
        <input className="input" placeholder={t('classNamePlaceholder')} {...register('timePeriodClassName')} />
      </FormField>
      <FormGroup label={t('periods')} error={errors.timePeriodId?.message}>
        <Controller
          control={control}
          name="timePeriodId"
          render={({ field }) => (
            <PeriodPicker
              periods={mediaId ? periods.data : undefined}
              loading={periods.isLoading}
              value={field.value}
              onChange={field.onChange}
              classId={group?.classId ?? undefined}
            />
          )}
        />
      </FormGroup>
    </form>
  )
}
