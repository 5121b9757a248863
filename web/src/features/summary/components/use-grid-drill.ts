import type { TFunction } from '@/lib/i18n'
import type { GridRow } from '../api/get-summary-grid'
import { useDrillDown, useDrillScope } from '@/features/orders/components/drill-down/drill-down-context'
import { FIGURES, figureLabel, figureTarget } from './summary-grid-model'

/**
 * The grid's figure columns as drill-downs: where one is at hand (the summary dialog's order and
 * data, and a dialog to show rows in), they take the focus past the last day and open a line's
 * rows (figureRows); elsewhere the grid is as it was. `lastCol` is the last column the focus may
 * reach; `figureAt` finds the figure cell of an event and what it opens.
 */
export function useGridDrill(rows: GridRow[], days: number, t: TFunction<'orders'>) {
  const scope = useDrillScope()
  const openRows = useDrillDown()
  const drill = scope !== null && openRows !== null
  const lastCol = days - 1 + (drill ? FIGURES.length : 0)
  const figureAt = (el: EventTarget | null) => {
    const node = (el as HTMLElement | null)?.closest<HTMLElement>('[data-row][data-figure]')
    if (!node || !scope || !openRows) return null
    const r = Number(node.dataset.row)
    const c = Number(node.dataset.col)
    const f = FIGURES[c - days]
    return { row: r, col: c, open: () => openRows(figureTarget(rows[r], f, scope, figureLabel(f, t))) }
  }
  return { drill, lastCol, figureAt }
}
