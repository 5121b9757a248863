import { useController, useWatch, type UseFormReturn } from '@/lib/form'
import { FormGroup } from '@/components/ui/form-field'
import { useTranslation } from '@/lib/i18n'
import { withNote } from '@/lib/i18n-text'
import type { OrderFormValues } from '../api/create-order'
import { useOrderSuits } from '../api/get-order-suits'
import { useOrderTapes } from '../api/get-order-tapes'
import type { Order } from '../api/get-orders'
import { CheckList, type CheckOption } from './check-list'
import { suitMetrics } from './order-form-state'

type Props = {
  form: UseFormReturn<OrderFormValues>
  /** Edit mode: the suits can't change (docs/screens.md "Order dialog"). */
  locked: boolean
  patch: (values: Partial<OrderFormValues>) => void
  /** The edited order: its tapes and suits are named even if no longer offered. */
  order?: Order
}

/** Options, plus the ones the order already holds that the list no longer offers. */
function withKnown(options: CheckOption[], known: CheckOption[]) {
  return [...options, ...known.filter((k) => !options.some((o) => o.id === k.id))]
}

/** 产品磁带 (the product's tapes) and 套装 (the media's suits of the product's brand, summed into the metrics). */
export function OrderPickFields({ form, locked, patch, order }: Props) {
  const { t } = useTranslation('orders')
  const { control, formState } = form
  const { errors } = formState
  const [productId, mediaId] = useWatch({ control, name: ['productId', 'mediaId'] })
  const tapes = useOrderTapes(productId)
  const suits = useOrderSuits(productId, mediaId)
  const { field: tapeField } = useController({ control, name: 'orderProductMagneticTapeId' })
  const { field: suitField } = useController({ control, name: 'suitId' })

  const tapeOptions = withKnown(
    (tapes.data ?? []).map((tape) => ({ id: tape.id, label: withNote(tape.mediaFileName, tape.mediaTapeNumber, t) })),
    (order?.tapes ?? []).map((tape) => ({ id: tape.id, label: withNote(tape.mediaFileName, tape.mediaTapeNumber, t) })),
  )
  const suitList = suits.data ?? []
  const suitLabel = (s: { suitName: string; customerMetrics: number; mediaMetrics: number; suitTime?: string }) =>
    t('form.suitOption', { name: s.suitName, month: s.suitTime ?? '-', customer: s.customerMetrics, media: s.mediaMetrics })
  const suitOptions = withKnown(
    suitList.map((s) => ({ id: s.id, label: suitLabel(s) })),
    (order?.suit ?? []).map((s) => ({ id: s.id, label: suitLabel(s) })),
  )

  const tapeHint = !productId ? t('form.pickProductFirst') : tapes.data && !tapeOptions.length ? t('form.noTapes') : undefined
  const suitHint =
    !productId || !mediaId ? t('form.pickProductAndMedia') : suits.data && !suitOptions.length ? t('form.noSuits') : undefined

  const chooseSuits = (ids: number[]) => {
    suitField.onChange(ids)
    patch(suitMetrics(suitList, ids))
  }

  return (
    <>
      <FormGroup label={t('form.tapes')} required error={errors.orderProductMagneticTapeId?.message} className="form-grid__full">
        <CheckList ref={tapeField.ref} options={tapeOptions} value={tapeField.value} onChange={tapeField.onChange} hint={tapeHint} />
      </FormGroup>
      <FormGroup label={t('form.suits')} required error={errors.suitId?.message} className="form-grid__full">
        <CheckList ref={suitField.ref} options={suitOptions} value={suitField.value} onChange={chooseSuits} hint={suitHint} disabled={locked} />
      </FormGroup>
    </>
  )
}
