import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { Product } from '../api/get-products'

export type ProductActions = {
  onEdit: (row: Product) => void
  onDelete: (row: Product) => void
  onCopy: (row: Product) => void
}

const percent = (n: number | null | undefined) => (n === null || n === undefined ? '-' : String(n))

/** The columns of docs/screens.md "Master-data screens" product management, in its order. */
export function productColumns(t: TFunction<'products'>, actions: ProductActions): Column<Product>[] {
  return [
    { key: 'brand', title: t('brand'), width: 110, render: (row) => row.brand.brandName || '-' },
    { key: 'media', title: t('media'), width: 110, render: (row) => row.media?.mediaName ?? '-' },
    { key: 'productName', title: t('productName'), width: 140 },
    { key: 'seconds', title: t('seconds'), width: 80 },
    {
      key: 'groups',
      title: t('groups'),
      width: 140,
      render: (row) =>
        row.ProductDefault.length ? row.ProductDefault.map((g) => <div key={g.id}>{g.audienceCityGroupName}</div>) : '-',
    },
    { key: 'defaultGroup', title: t('defaultGroup'), width: 130, render: (row) => row.DefaultAudienceCityGroup.audienceCityGroupName },
    { key: 'upsideDownThreePer', title: t('upsideDownThreePer'), width: 90, render: (row) => percent(row.upsideDownThreePer) },
    { key: 'primeTime', title: t('primeTime'), width: 150 },
    { key: 'primeTimePer', title: t('primeTimePer'), width: 110, render: (row) => percent(row.primeTimePer) },
    { key: 'primeUpsideDownThreePer', title: t('primeUpsideDownThreePer'), width: 130, render: (row) => percent(row.primeUpsideDownThreePer) },
    { key: 'jackRequirements', title: t('jackRequirements'), width: 160 },
    {
      key: 'falsePrimeUpsideDownThreePer',
      title: t('falsePrimeUpsideDownThreePer'),
      width: 140,
      render: (row) => percent(row.falsePrimeUpsideDownThreePer),
    },
    { key: 'noteOne', title: t('noteOne'), width: 120 },
    { key: 'noteTwo', title: t('noteTwo'), width: 120 },
    { key: 'updateTime', title: t('updateTime'), width: 160 },
    { key: 'createTime', title: t('createTime'), width: 160 },
    {
      key: 'actions',
      title: t('actions'),
      width: 160,
      render: (row) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(row)}>{t('edit')}</button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(row)}>
            {t('delete')}
          </button>
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onCopy(row)}>{t('copy')}</button>
        </span>
      ),
    },
  ]
}
