import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { Tape } from '../api/get-tapes'

export type TapeActions = { onEdit: (row: Tape) => void; onDelete: (row: Tape) => void }

/** The columns of docs/screens.md "Master-data screens" product tape management, in its order. */
export function tapeColumns(t: TFunction<'tapes'>, actions: TapeActions): Column<Tape>[] {
  return [
    { key: 'createTime', title: t('createTime'), width: 160 },
    { key: 'brand', title: t('brand'), width: 110, render: (row) => row.brand.brandName },
    { key: 'media', title: t('media'), width: 110, render: (row) => row.media.mediaName },
    { key: 'product', title: t('product'), width: 130, render: (row) => row.product.productName },
    { key: 'cycle', title: t('cycle'), width: 90 },
    { key: 'customerVersionName', title: t('customerVersionName'), width: 130 },
    { key: 'mediaFileName', title: t('mediaFileName'), width: 140 },
    { key: 'mediaTapeNumber', title: t('mediaTapeNumber'), width: 120 },
    { key: 'customerTitle', title: t('customerTitle'), width: 140 },
    { key: 'seconds', title: t('seconds'), width: 80 },
    { key: 'updateTime', title: t('updateTime'), width: 160 },
    {
      key: 'actions',
      title: t('actions'),
      width: 110,
      render: (row) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(row)}>{t('edit')}</button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(row)}>
            {t('delete')}
          </button>
        </span>
      ),
    },
  ]
}
