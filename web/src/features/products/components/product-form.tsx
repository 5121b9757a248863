import { useMemo } from 'react'
import { useController, useForm } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, FormGroup, setServerErrors } from '@/components/ui/form-field'
import { DEFAULT_SECONDS, PRODUCT_FIELDS, productSchema, SECONDS_OPTIONS, type ProductFormValues } from '../api/create-product'
import type { BrandOption } from '../api/get-brand-options'
import type { MediaOption } from '@/lib/media-options'
import type { Product } from '../api/get-products'
import { PrimeTimeField } from './prime-time-field'
import { ProductGroupFields } from './product-group-fields'

type Props = {
  id: string
  /** The product being edited; absent when adding. */
  product?: Product
  brands: BrandOption[]
  media: MediaOption[]
  onSubmit: (values: ProductFormValues) => Promise<unknown>
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** New: seconds 15, the rest empty. Edit: the row, its comma-joined groups as numbers. */
export function initialValues(p?: Product): ProductFormValues {
  return {
    brandId: p ? String(p.brandId) : '',
    productName: p?.productName ?? '',
    seconds: p ? String(p.seconds) : DEFAULT_SECONDS,
    mediaId: text(p?.mediaId),
    audienceCityGroupId: p ? p.audienceCityGroupId.split(',').filter(Boolean).map(Number) : [],
    defaultAudienceCityGroupId: p ? String(p.defaultAudienceCityGroupId) : '',
    primeTime: p?.primeTime ?? '',
    upsideDownThreePer: text(p?.upsideDownThreePer),
    primeTimePer: text(p?.primeTimePer),
    primeUpsideDownThreePer: text(p?.primeUpsideDownThreePer),
    falsePrimeUpsideDownThreePer: text(p?.falsePrimeUpsideDownThreePer),
    jackRequirements: p?.jackRequirements ?? '',
    noteOne: p?.noteOne ?? '',
    noteTwo: p?.noteTwo ?? '',
  }
}

type PercentField = 'upsideDownThreePer' | 'primeTimePer' | 'primeUpsideDownThreePer' | 'falsePrimeUpsideDownThreePer'

/** The add/edit product form; 4000 answers land on their fields. */
export function ProductForm({ id, product, brands, media, onSubmit }: Props) {
  const { t } = useTranslation('products')
  const schema = useMemo(() => productSchema(t), [t])
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<ProductFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(product),
  })
  const { errors } = formState
  const { field: prime } = useController({ control, name: 'primeTime' })
  const seconds = SECONDS_OPTIONS.includes(product?.seconds ?? 15) ? SECONDS_OPTIONS : [...SECONDS_OPTIONS, product!.seconds]

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, PRODUCT_FIELDS, setError)
    }
  })
  // A new brand has other groups: clear the chosen ones and the default.
  const brand = register('brandId', {
    onChange: () => {
      setValue('audienceCityGroupId', [])
      setValue('defaultAudienceCityGroupId', '')
    },
  })
  const percent = (name: PercentField, required = true) => (
    <FormField label={t(name)} required={required} error={errors[name]?.message}>
      <input className="input" type="number" min={0} max={100} step="any" placeholder={t('percentPlaceholder')} {...register(name)} />
    </FormField>
  )

  return (
    <form id={id} className="form-grid form-grid--2 product-form" onSubmit={submit} noValidate>
      <FormField label={t('brand')} required error={errors.brandId?.message}>
        <select className="input" {...brand}>
          <option value="">{t('pickBrand')}</option>
          {brands.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
        </select>
      </FormField>
      <FormField label={t('productName')} required error={errors.productName?.message}>
        <input className="input" placeholder={t('productNamePlaceholder')} {...register('productName')} />
      </FormField>
      <FormField label={t('seconds')} required error={errors.seconds?.message}>
        <select className="input" {...register('seconds')}>
          {seconds.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </FormField>
      <FormField label={t('media')} error={errors.mediaId?.message}>
        <select className="input" {...register('mediaId')}>
          <option value="">{t('noMedia')}</option>
          {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
        </select>
      </FormField>
      <ProductGroupFields control={control} setValue={setValue} errors={errors} known={product?.ProductDefault ?? []} />
      <FormGroup label={t('primeTime')} required error={errors.primeTime?.message}>
        <PrimeTimeField value={prime.value} onChange={prime.onChange} invalid={!!errors.primeTime} />
      </FormGroup>
      {percent('upsideDownThreePer')}
      {percent('primeTimePer')}
      {percent('primeUpsideDownThreePer')}
      {percent('falsePrimeUpsideDownThreePer', false)}
      <FormField label={t('jackRequirements')} required error={errors.jackRequirements?.message} className="form-grid__full">
        <textarea className="input" rows={3} placeholder={t('jackPlaceholder')} {...register('jackRequirements')} />
      </FormField>
      <FormField label={t('noteOne')} error={errors.noteOne?.message}>
        <input className="input" placeholder={t('notePlaceholder')} {...register('noteOne')} />
      </FormField>
      <FormField label={t('noteTwo')} error={errors.noteTwo?.message}>
        <input className="input" placeholder={t('notePlaceholder')} {...register('noteTwo')} />
      </FormField>
    </form>
  )
}
