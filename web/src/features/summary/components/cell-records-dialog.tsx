import { useTranslation } from '@/lib/i18n'
import { CellDialog as Dialog } from './cell-dialog'
import type { CellOperation, GridCell, GridRow } from '../api/get-summary-grid'
import { CellHeading } from './summary-form'

export type CellRecordsTarget = { row: GridRow; cell: GridCell | null; ymd: string }

type Props = { target: CellRecordsTarget | null; onClose: () => void }

/** Newest first, whatever order they came in (`YYYY-MM-DD HH:mm:ss` sorts as text). */
function newestFirst(records: CellOperation[]) {
  return [...records].sort((a, b) => (a.updateTime < b.updateTime ? 1 : a.updateTime > b.updateTime ? -1 : 0))
}

/**
 * 记录 (docs/screens.md "Summary dialog" "record data"): the cell's operation records — who, what, when — as
 * the grid has them; an empty day or a cell without records says '暂无记录数据'.
 */
export function CellRecordsDialog({ target, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const records = newestFirst(target?.cell?.order_summary_grp_ymd_operation ?? [])
  const title = t('summaryDialogs.records.title')
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      width={640}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('common:close')}</button>}
    >
      {target && (
        <>
          <CellHeading row={target.row} ymd={target.ymd} cell={target.cell} />
          {records.length === 0 ? (
            <div className="summary-empty">{t('summaryDialogs.records.empty')}</div>
          ) : (
            <table className="table summary-records" aria-label={title}>
              <thead>
                <tr>
                  <th scope="col">{t('summaryDialogs.records.admin')}</th>
                  <th scope="col">{t('summaryDialogs.records.content')}</th>
                  <th scope="col">{t('summaryDialogs.records.time')}</th>
                </tr>
              </thead>
              <tbody>
                {records.map((r, i) => (
                  <tr key={`${r.updateTime}-${i}`}>
                    <td>{r.adminName}</td>
                    <td>{r.content}</td>
                    <td className="summary-records__time">{r.updateTime}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Dialog>
  )
}
