import { useTranslation } from '@/lib/i18n'
import { useTapeBrands } from '../api/get-tape-brands'
import { useTapeMedia } from '../api/get-tape-media'
import { useTapeProducts } from '../api/get-tape-products'
import type { TapeFilters } from '../api/get-tapes'

type Value = Pick<TapeFilters, 'brandIdi' | 'mediaIdi' | 'productIdi'>

type Props = { value: Value; onChange: (patch: Value) => void }

/**
 * Brand, media and — once both are chosen — product. Changing the brand or the media clears
 * the product, whose options then load for the new pair.
 */
export function TapeFilterPickers({ value, onChange }: Props) {
  const { t } = useTranslation('tapes')
  const brands = useTapeBrands()
  const media = useTapeMedia()
  const products = useTapeProducts(value.brandIdi, value.mediaIdi)
  return (
    <>
      <select
        className="input"
        aria-label={t('brand')}
        value={value.brandIdi ?? ''}
        onChange={(e) => onChange({ brandIdi: e.target.value || undefined, productIdi: undefined })}
      >
        <option value="">{t('allBrands')}</option>
        {brands.data?.map((b) => <option key={b.id} value={b.id}>{b.brandName}</option>)}
      </select>
      <select
        className="input"
        aria-label={t('media')}
        value={value.mediaIdi ?? ''}
        onChange={(e) => onChange({ mediaIdi: e.target.value || undefined, productIdi: undefined })}
      >
        <option value="">{t('allMedia')}</option>
        {media.data?.map((m) => <option key={m.id} value={m.id}>{m.mediaName}</option>)}
      </select>
      {value.brandIdi && value.mediaIdi && (
        <select
          className="input"
          aria-label={t('product')}
          value={value.productIdi ?? ''}
          onChange={(e) => onChange({ productIdi: e.target.value || undefined })}
        >
          <option value="">{t('allProducts')}</option>
          {products.data?.map((p) => <option key={p.id} value={p.id}>{p.productName}</option>)}
        </select>
      )}
    </>
  )
}
