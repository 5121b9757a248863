import { useMemo } from 'react'
import { useController, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormDatePicker } from '@/components/ui/form-date-picker'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { DATA_CATEGORIES, DATA_SOURCES } from '@/config/customer-data'
import { MAKE_GOOD_POLICIES, ORDER_FIELDS, orderSchema, type OrderFormValues } from '../api/create-order'
import type { OrderMedia } from '../api/get-order-media'
import type { OrderProduct } from '../api/get-order-products'
import type { Order } from '../api/get-orders'
import { BlankDaysField } from './blank-days-field'
import { FreeBroadcastFields } from './free-broadcast-fields'
import { initialValues } from './order-form-state'
import { OrderPickFields } from './order-pick-fields'
import { OrderTargetFields } from './order-target-fields'

type Props = {
  id: string
  /** The order being edited (from orderInfo); absent when adding. */
  order?: Order
  media: OrderMedia[]
  products: OrderProduct[]
  onSubmit: (values: OrderFormValues) => Promise<unknown>
}

/** The add/edit order form (docs/screens.md "Order dialog"); 4000 answers land on their fields. */
export function OrderForm({ id, order, media, products, onSubmit }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const schema = useMemo(() => orderSchema(t), [t])
  const form = useForm<OrderFormValues>({ resolver: schemaResolver(schema), defaultValues: initialValues(order) })
  const { register, control, handleSubmit, setError, setValue, formState } = form
  const { errors } = formState
  const locked = Boolean(order)
  const { field: blank } = useController({ control, name: 'blankWeek' })
  const [start, end] = form.watch(['cycleTimeAdd', 'cycleTimeEnd'])

  const patch = (values: Partial<OrderFormValues>) => {
    for (const [name, value] of Object.entries(values) as [keyof OrderFormValues, never][]) {
      setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted })
    }
  }
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, ORDER_FIELDS, setError)
    }
  })
  const knownGroup = order ? { id: order.defaultId, name: order.defaultName } : undefined
  const pick = (name: 'category' | 'source', values: readonly string[], labels: 'dataCategory' | 'dataSource') => (
    <FormField label={t(`form.${name}`)} error={errors[name]?.message}>
      <select className="input" {...register(name)}>
        <option value="">{t('form.any')}</option>
        {values.map((v) => <option key={v} value={v}>{t(`common:${labels}.${v}`)}</option>)}
      </select>
    </FormField>
  )

  return (
    <form id={id} className="form-grid form-grid--2 order-form" onSubmit={submit} noValidate>
      <OrderTargetFields form={form} media={media} products={products} locked={locked} patch={patch} knownGroup={knownGroup} />
      <OrderPickFields form={form} locked={locked} patch={patch} order={order} />
      <FormField label={t('form.cycleStart')} required error={errors.cycleTimeAdd?.message}>
        <FormDatePicker control={control} name="cycleTimeAdd" max={end || undefined} />
      </FormField>
      <FormField label={t('form.cycleEnd')} required error={errors.cycleTimeEnd?.message}>
        <FormDatePicker control={control} name="cycleTimeEnd" min={start || undefined} />
      </FormField>
      <FormField label={t('form.followDate')} required error={errors.followDate?.message}>
        <FormDatePicker control={control} name="followDate" />
      </FormField>
      <FormField label={t('form.adjustingQuantity')} error={errors.adjustingQuantity?.message}>
        <input className="input" type="number" step="any" {...register('adjustingQuantity')} />
      </FormField>
      <FormGroup label={t('form.blankWeek')} error={errors.blankWeek?.message} className="form-grid__full">
        <BlankDaysField value={blank.value} onChange={blank.onChange} min={start} max={end} invalid={!!errors.blankWeek} />
      </FormGroup>
      <FreeBroadcastFields form={form} />
      {pick('category', DATA_CATEGORIES, 'dataCategory')}
      {pick('source', DATA_SOURCES, 'dataSource')}
      <FormField label={t('form.makeGoodPolicy')} required error={errors.makeGoodPolicy?.message} hint={t('form.makeGoodPolicyHint')}>
        <select className="input" {...register('makeGoodPolicy')}>
          {MAKE_GOOD_POLICIES.map((p) => <option key={p} value={p}>{t(`form.makeGoodPolicies.${p}`)}</option>)}
        </select>
      </FormField>
      <FormField label={t('form.notes')} error={errors.notes?.message} className="form-grid__full">
        <textarea className="input" rows={3} maxLength={500} placeholder={t('form.notesPlaceholder')} {...register('notes')} />
      </FormField>
    </form>
  )
}
