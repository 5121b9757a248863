import type { GridCell, GridRow } from '../../api/summary'

/** What a cell's menu, a click or a toolbar button asks the point dialogs to do. */
export type SummaryAction =
  | { kind: 'modify'; row: GridRow; cell: GridCell | null; ymd: string } // cell null: empty day (create)
  | { kind: 'move'; row: GridRow; cell: GridCell }
  | { kind: 'reason'; row: GridRow; cell: GridCell }
  | { kind: 'grp'; row: GridRow; cell: GridCell } // manual GRP, verified cells
  | { kind: 'records'; row: GridRow; cell: GridCell | null; ymd: string }
  | { kind: 'batch'; items: { row: GridRow; cell: GridCell }[] }
  | { kind: 'addSlot'; month: string }
  | null

type Props = { orderId: number; month: string; action: SummaryAction; onClose: () => void }

/**
 * The point dialogs' switch. A placeholder that renders nothing: the dialogs' own branch
 * (i16-dialogs) replaces this file with the real switch at merge.
 */
export function SummaryDialogs(_props: Props) {
  return null
}
