import { useTranslation } from '@/lib/i18n'
import { WITHDRAWN, type GridCell, type GridRow } from '../api/get-summary-grid'
import { cellLabel } from './summary-form'

type Props = { items: { row: GridRow; cell: GridCell }[]; onRemove: (cellId: number) => void }

/** 批量撤掉/修改's list of the chosen cells, each with its spots (or 撤掉) and 移除. */
export function BatchCells({ items, onRemove }: Props) {
  const { t } = useTranslation('orders')
  return (
    <section aria-label={t('summaryDialogs.batch.cells')}>
      {items.length === 0 ? (
        <div className="summary-empty">{t('summaryDialogs.batch.empty')}</div>
      ) : (
        <ul className="summary-batch__cells">
          {items.map(({ row, cell }) => {
            const label = cellLabel(t, row, cell.ymd, cell)
            return (
              <li key={cell.id} className="summary-batch__cell">
                <span>{label}</span>
                <span className="summary-batch__point">{cell.value === WITHDRAWN ? t('summary.grid.withdrawn') : cell.point}</span>
                <button
                  type="button"
                  className="btn btn--text btn--danger btn--small"
                  aria-label={t('summaryDialogs.batch.removeOne', { cell: label })}
                  onClick={() => onRemove(cell.id)}
                >
                  {t('summaryDialogs.batch.remove')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
