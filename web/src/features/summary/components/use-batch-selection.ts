import { useState } from 'react'
import type { GridCell, GridMonth, GridRow } from '../api/get-summary-grid'
import type { Selection } from './summary-grid-months'
import { selectable } from './summary-grid-model'

const NONE: Selection = new Map()

/**
 * The cells chosen for 批量撤掉/修改 (Ctrl-click or Space in the merged grid), by cell id, and
 * the batch they make against the grid as last fetched.
 */
export function useBatchSelection(months: GridMonth[] | undefined) {
  const [selection, setSelection] = useState<Selection>(NONE)
  const clear = () => setSelection(NONE)
  const toggle = (row: GridRow, cell: GridCell) =>
    setSelection((now) => {
      const next = new Map(now)
      if (next.has(cell.id)) next.delete(cell.id)
      else next.set(cell.id, { row, cell })
      return next
    })
  // The cells a batch wrote are done with: they leave the selection (docs/screens.md "Master-data screens" "Batch withdraw").
  const unselect = (ids: number[]) =>
    setSelection((now) => {
      const next = new Map(now)
      for (const id of ids) next.delete(id)
      return next
    })
  // A refetch may have verified or removed chosen cells: the batch holds only those still choosable.
  const batch = [...selection.values()].filter(({ row, cell }) =>
    months?.some((m) => m.data.some((r) => r.id === row.id && r.order_summary_grp_ymd.some((c) => c.id === cell.id && selectable(c)))),
  )
  return { selection, batch, toggle, unselect, clear }
}
