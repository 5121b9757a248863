import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { GridImperativeAPI } from 'react-window'

type Cell = { row: number; col: number }

/**
 * The grid's focus moved by a key: the chosen cell becomes the active one, is scrolled into
 * view (react-window renders it then) and takes the focus. A click or a refetch moves the
 * active cell without this, so the focus stays where it is.
 */
export function useCellFocus(
  scroller: HTMLDivElement | null,
  gridRef: RefObject<GridImperativeAPI | null>,
  at: Cell,
  setActive: (next: Cell) => void,
) {
  // A key asked for the focus to follow `active` (a click or a refetch doesn't move it).
  const focusAfter = useRef(false)
  const [focusRequest, setFocusRequest] = useState(0)

  const cellAt = useCallback((r: number, c: number) => scroller?.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`) ?? null, [scroller])

  // After a key moved the focus: scroll the cell into view (react-window renders it), then focus it.
  useEffect(() => {
    if (!focusAfter.current) return
    let frames = 0
    let id = 0
    const tryFocus = () => {
      const el = cellAt(at.row, at.col)
      if (el) {
        focusAfter.current = false
        el.focus({ preventScroll: true })
        return
      }
      // Not rendered yet: hold the focus on the box meanwhile, so the keys that follow still
      // arrive (the old cell leaves the DOM as the grid scrolls, which would drop the focus).
      if (frames === 0 && scroller?.contains(document.activeElement)) scroller.focus({ preventScroll: true })
      if (frames++ < 10) id = requestAnimationFrame(tryFocus)
    }
    gridRef.current?.scrollToCell({ rowIndex: at.row, columnIndex: at.col })
    tryFocus()
    return () => cancelAnimationFrame(id)
  }, [focusRequest, at.row, at.col, cellAt, gridRef, scroller])

  const focusCell = (next: Cell) => {
    focusAfter.current = true
    setActive(next)
    setFocusRequest((n) => n + 1)
  }

  return { cellAt, focusCell }
}
