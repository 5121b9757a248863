import { Dialog } from '@/components/ui/dialog'
import { useSaveHandler } from '@/components/ui/use-save-handler'
import { useTranslation } from '@/lib/i18n'
import { useCreateProduct } from '../api/create-product'
import { useBrandOptions } from '../api/get-brand-options'
import { useMediaOptions } from '@/lib/media-options'
import type { Product } from '../api/get-products'
import { useUpdateProduct } from '../api/update-product'
import { ProductForm } from './product-form'
import './products.css'

type Props = {
  open: boolean
  /** The product to edit; null adds one. */
  product: Product | null
  onClose: () => void
}

const FORM_ID = 'product-form'

/** 添加产品 / 编辑产品: draggable, not closed by a backdrop click, its body scrolls at 500 px. */
export function ProductFormDialog({ open, product, onClose }: Props) {
  const { t } = useTranslation('products')
  const brands = useBrandOptions()
  const media = useMediaOptions()
  const save = useSaveHandler({
    id: product?.id,
    create: useCreateProduct(),
    update: useUpdateProduct(),
    messages: { added: t('added'), updated: t('updated') },
    onDone: onClose,
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={product ? t('editTitle') : t('addTitle')}
      formId={FORM_ID}
      busy={save.busy || brands.isPending || media.isPending}
      width={960}
    >
      {/* Uncontrolled selects keep their value only if their options exist when they mount. */}
      {open && !brands.isPending && !media.isPending && (
        <ProductForm
          key={product?.id ?? 'new'}
          id={FORM_ID}
          product={product ?? undefined}
          brands={brands.data ?? []}
          media={media.data ?? []}
          onSubmit={save.submit}
        />
      )}
    </Dialog>
  )
}
