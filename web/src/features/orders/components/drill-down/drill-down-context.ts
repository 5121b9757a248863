import { createContext, useContext } from 'react'
import type { FigureQuery } from '../../api/get-figure-rows'
import type { SummaryFilter } from '@/features/summary/api/get-summary-grid'

/**
 * How the figure a drill-down opens follows from its rows: their sum (most figures), their sum
 * over a count of spots (a line's average), over the rows' count (正负三 %: the rows are the
 * spots with a known position), or worked out from the sum (overplay and theatres from the
 * difference).
 */
export type Relation = { kind: 'sum' } | { kind: 'average'; spots: number } | { kind: 'share' } | { kind: 'from' }

/** A figure as a screen shows it, and what opens its rows. */
export type DrillTarget = FigureQuery & {
  /** What the screen calls it, e.g. `2026-03 · 已发GRP`. */
  title: string
  /** The figure as the screen shows it (null: —). */
  shown: number | null | undefined
  /** Its text on the screen, when not the sum's own unit (a percentage, a count of theatres). */
  shownText?: string
  relation?: Relation
}

/** Opens a figure's rows; null where no drill-down is at hand (a component tested alone). */
export const DrillContext = createContext<((target: DrillTarget) => void) | null>(null)

export const useDrillDown = () => useContext(DrillContext)

/** The order and the data a screen's figures are of (the summary dialog's toolbar), for figures that don't know them (the grid). */
export const DrillScope = createContext<{ orderId: number; filter: SummaryFilter } | null>(null)

export const useDrillScope = () => useContext(DrillScope)
