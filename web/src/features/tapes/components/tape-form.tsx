import { useMemo } from 'react'
import { useController, useForm, useWatch } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { schemaResolver } from '@/lib/schema'
import { FormField, setServerErrors } from '@/components/ui/form-field'
import { DEFAULT_SECONDS, TAPE_FIELDS, tapeSchema, type TapeFormValues } from '../api/create-tape'
import type { TapeBrand } from '../api/get-tape-brands'
import type { TapeMedia } from '../api/get-tape-media'
import { useTapeProducts } from '../api/get-tape-products'
import type { Tape } from '../api/get-tapes'

type Props = {
  id: string
  /** The tape being edited; absent when adding. */
  tape?: Tape
  brands: TapeBrand[]
  media: TapeMedia[]
  onSubmit: (values: TapeFormValues) => Promise<unknown>
}

const TEXT_FIELDS = ['cycle', 'customerVersionName', 'mediaFileName', 'mediaTapeNumber', 'customerTitle'] as const

export function initialValues(tape?: Tape): TapeFormValues {
  return {
    brandId: tape ? String(tape.brandId) : '',
    mediaId: tape ? String(tape.mediaId) : '',
    productId: tape ? String(tape.productId) : '',
    cycle: tape?.cycle ?? '',
    customerVersionName: tape?.customerVersionName ?? '',
    mediaFileName: tape?.mediaFileName ?? '',
    mediaTapeNumber: tape?.mediaTapeNumber ?? '',
    customerTitle: tape?.customerTitle ?? '',
    seconds: tape ? String(tape.seconds) : DEFAULT_SECONDS,
  }
}

/** The add/edit tape form: the product shows once a brand and a media are chosen. */
export function TapeForm({ id, tape, brands, media, onSubmit }: Props) {
  const { t } = useTranslation('tapes')
  const schema = useMemo(() => tapeSchema(t), [t])
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<TapeFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: initialValues(tape),
  })
  const { errors } = formState
  const [brandId, mediaId] = useWatch({ control, name: ['brandId', 'mediaId'] })
  const products = useTapeProducts(brandId, mediaId)
  // Controlled: its options arrive after the form, and the chosen product must stay selected.
  const { field: product } = useController({ control, name: 'productId' })
  // A new brand or media has other products: the chosen one goes.
  const clearsProduct = { onChange: () => setValue('productId', '') }

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (err) {
      setServerErrors(err, TAPE_FIELDS, setError)
    }
  })

  return (
    <form id={id} className="form-grid form-grid--2" onSubmit={submit} noValidate>
      <FormField label={t('brand')} required error={errors.brandId?.message}>
        <select className="input" {...register('brandId', clearsProduct)}>
          <option value="">{t('pickBrand')}</option>
          {brands.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
        </select>
      </FormField>
      <FormField label={t('media')} required error={errors.mediaId?.message}>
        <select className="input" {...register('mediaId', clearsProduct)}>
          <option value="">{t('pickMedia')}</option>
          {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
        </select>
      </FormField>
      {brandId && mediaId && (
        <FormField label={t('product')} required error={errors.productId?.message} className="form-grid__full">
          <select className="input" {...product}>
            <option value="">{t('pickProduct')}</option>
            {products.data?.map((p) => <option key={p.id} value={p.id}>{p.productName}</option>)}
            {/* The edited tape's product, until the list arrives. */}
            {tape && !products.data && <option value={tape.productId}>{tape.product.productName}</option>}
          </select>
        </FormField>
      )}
      {TEXT_FIELDS.map((name) => (
        <FormField key={name} label={t(name)} required error={errors[name]?.message}>
          <input className="input" placeholder={t('placeholder', { label: t(name) })} {...register(name)} />
        </FormField>
      ))}
      <FormField label={t('seconds')} required error={errors.seconds?.message}>
        <input className="input" type="number" min={1} step={1} placeholder={t('placeholder', { label: t('seconds') })} {...register('seconds')} />
      </FormField>
    </form>
  )
}
