import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateOrder } from '../api/create-order'
import { useOrder } from '../api/get-order'
import { useOrderMedia } from '../api/get-order-media'
import { useOrderProducts, type OrderProduct } from '../api/get-order-products'
import type { Order } from '../api/get-orders'
import { useUpdateOrder } from '../api/update-order'
import { OrderForm } from './order-form'

type Props = {
  open: boolean
  /** The order to edit; null adds one. */
  orderId: number | null
  onClose: () => void
}

const FORM_ID = 'order-form'

/** The edited order's product, offered even if the product list no longer has it. */
function withOrderProduct(products: OrderProduct[], order?: Order): OrderProduct[] {
  if (!order || products.some((p) => p.id === order.productId)) return products
  const { productId: id, productName, seconds, brandId, brandName } = order
  return [...products, { id, productName, seconds, brandId, brandName, mediaId: null }]
}

/** 添加订单 / 编辑订单: edit fills from orderInfo; saves, closes and refreshes the list. */
export function OrderDialog({ open, orderId, onClose }: Props) {
  const { t } = useTranslation('orders')
  // Fetched afresh on every opening: products and media may have been added since.
  const media = useOrderMedia(open)
  const products = useOrderProducts(undefined, open)
  const order = useOrder(open ? orderId : null)
  const save = useSaveHandler({
    id: orderId,
    create: useCreateOrder(),
    update: useUpdateOrder(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })
  const editing = orderId !== null
  const ready = media.data && products.data && (!editing || order.data)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={save.busy || !ready}
      width={960}
    >
      {open && ready && (
        <OrderForm
          key={orderId ?? 'new'}
          id={FORM_ID}
          order={order.data}
          media={media.data!}
          products={withOrderProduct(products.data!, order.data)}
          onSubmit={save.submit}
        />
      )}
    </Dialog>
  )
}
