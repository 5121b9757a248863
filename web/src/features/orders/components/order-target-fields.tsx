import { useEffect } from 'react'
import { useController, type UseFormReturn } from '@/lib/form'
import { FormField } from '@/components/ui/form-field'
import { SearchableSelect } from '@/components/ui/searchable-select'
import { useTranslation } from '@/lib/i18n'
import { SECONDS_OPTIONS, type OrderFormValues } from '../api/create-order'
import { useOrderGroups } from '../api/get-order-groups'
import type { OrderMedia } from '../api/get-order-media'
import type { OrderProduct } from '../api/get-order-products'
import { mediaChanged, productChanged } from './order-form-state'

type Props = {
  form: UseFormReturn<OrderFormValues>
  media: OrderMedia[]
  products: OrderProduct[]
  /** Edit mode: these fields can't change once the order exists (docs/screens.md "Order dialog"). */
  locked: boolean
  /** Applies a set of values at once (the spec's resets). */
  patch: (values: Partial<OrderFormValues>) => void
  /** The edited order's group, named even if the product no longer offers it. */
  knownGroup?: { id: number; name: string }
}

/** 媒体, 产品名称 (with its brand), 受众/城市组 (the product's, its default preselected) and 秒数. */
export function OrderTargetFields({ form, media, products, locked, patch, knownGroup }: Props) {
  const { t } = useTranslation('orders')
  const { control, formState, getValues, setValue } = form
  const { errors } = formState
  const { field: mediaField } = useController({ control, name: 'mediaId' })
  const { field: product } = useController({ control, name: 'productId' })
  const { field: group } = useController({ control, name: 'defaultId' })
  const { field: seconds } = useController({ control, name: 'seconds' })
  const groups = useOrderGroups(product.value)

  // A product's groups arrive after it is chosen: preselect its default unless one is chosen.
  useEffect(() => {
    const data = groups.data
    if (!data || getValues('defaultId') || !data.list.some((g) => g.id === data.defaultId)) return
    setValue('defaultId', String(data.defaultId), { shouldValidate: formState.isSubmitted })
  }, [groups.data, getValues, setValue, formState.isSubmitted])

  const productOptions = products.map((p) => ({ value: String(p.id), label: t('productOption', { product: p.productName, brand: p.brandName }) }))
  const secondsOptions = SECONDS_OPTIONS.includes(Number(seconds.value)) || !seconds.value ? SECONDS_OPTIONS : [...SECONDS_OPTIONS, Number(seconds.value)]
  const groupOptions = [...(groups.data?.list ?? [])]
  if (knownGroup && !groupOptions.some((g) => g.id === knownGroup.id)) groupOptions.unshift(knownGroup)
  const lockHint = locked ? t('form.locked') : undefined

  return (
    <>
      <FormField label={t('form.media')} required error={errors.mediaId?.message} hint={lockHint}>
        <select
          className="input"
          ref={mediaField.ref}
          name={mediaField.name}
          value={mediaField.value}
          disabled={locked}
          onBlur={mediaField.onBlur}
          onChange={(e) => {
            mediaField.onChange(e.target.value)
            patch(mediaChanged())
          }}
        >
          <option value="">{t('mediaPlaceholder')}</option>
          {media.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
        </select>
      </FormField>
      <FormField label={t('form.product')} required error={errors.productId?.message} hint={lockHint}>
        <SearchableSelect
          options={productOptions}
          value={product.value || null}
          placeholder={t('productPlaceholder')}
          disabled={locked}
          onBlur={product.onBlur}
          onChange={(id) => {
            product.onChange(id ?? '')
            patch(productChanged(products.find((p) => String(p.id) === id)))
          }}
        />
      </FormField>
      <FormField label={t('form.group')} required error={errors.defaultId?.message}>
        <select className="input" {...group} disabled={locked}>
          <option value="">{product.value ? t('form.groupPlaceholder') : t('form.pickProductFirst')}</option>
          {groupOptions.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
        </select>
      </FormField>
      <FormField label={t('form.seconds')} required error={errors.seconds?.message}>
        <select className="input" {...seconds} disabled={locked}>
          {secondsOptions.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </FormField>
    </>
  )
}
