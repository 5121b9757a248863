import type { GridCell, GridRow } from '../api/get-summary-grid'
import { AddSlotDialog } from './add-slot-dialog'
import { BatchDialog } from './batch-dialog'
import { ReturnFocus } from './cell-dialog'
import { CellRecordsDialog } from './cell-records-dialog'
import { ManualGrpDialog } from './manual-grp-dialog'
import { PointModifyDialog } from './point-modify-dialog'
import { PointMoveDialog } from './point-move-dialog'
import { ReasonDialog } from './reason-dialog'
import './summary-dialogs.css'

/** What the grid asks for: the dialog to open and the cell(s) it is about (null: none open). */
export type SummaryAction =
  | { kind: 'modify'; row: GridRow; cell: GridCell | null; ymd: string } // cell null: empty day (create)
  | { kind: 'move'; row: GridRow; cell: GridCell }
  | { kind: 'reason'; row: GridRow; cell: GridCell }
  | { kind: 'grp'; row: GridRow; cell: GridCell } // manual GRP, verified cells
  | { kind: 'records'; row: GridRow; cell: GridCell | null; ymd: string }
  | { kind: 'batch'; items: { row: GridRow; cell: GridCell }[] }
  | { kind: 'addSlot'; month: string }
  | null

type Props = {
  orderId: number
  /** The month the grid shows, `YYYY-MM`. */
  month: string
  action: SummaryAction
  onClose: () => void
  /** Puts the focus back where the action came from on closing; false: it came from nowhere to return to. */
  returnFocus?: () => boolean
  /** The cells a batch wrote: they leave the grid's selection. */
  onBatchWritten?: (ids: number[]) => void
}

type Of<K extends NonNullable<SummaryAction>['kind']> = Extract<SummaryAction, { kind: K }>

/** The action when it is of kind `kind`, else null (that dialog closed). */
function when<K extends NonNullable<SummaryAction>['kind']>(action: SummaryAction, kind: K): Of<K> | null {
  return action?.kind === kind ? (action as Of<K>) : null
}

/**
 * The summary grid's cell dialogs (docs/screens.md "Summary dialog"), one open at a time as `action` says.
 * Each is always mounted, so Radix animates; on closing, `returnFocus` gives the focus back to
 * the grid cell the action came from. Each write refreshes the grid and its lookups itself.
 */
export function SummaryDialogs({ orderId, month, action, onClose, returnFocus, onBatchWritten }: Props) {
  const addSlot = when(action, 'addSlot')
  return (
    <ReturnFocus.Provider value={returnFocus ?? null}>
      <AddSlotDialog orderId={orderId} month={addSlot ? addSlot.month || month : null} onClose={onClose} />
      <PointModifyDialog orderId={orderId} target={when(action, 'modify')} onClose={onClose} />
      <PointMoveDialog orderId={orderId} target={when(action, 'move')} onClose={onClose} />
      <ReasonDialog orderId={orderId} target={when(action, 'reason')} onClose={onClose} />
      <ManualGrpDialog orderId={orderId} target={when(action, 'grp')} onClose={onClose} />
      <BatchDialog orderId={orderId} items={when(action, 'batch')?.items ?? null} onClose={onClose} onWritten={onBatchWritten} />
      <CellRecordsDialog target={when(action, 'records')} onClose={onClose} />
    </ReturnFocus.Provider>
  )
}
