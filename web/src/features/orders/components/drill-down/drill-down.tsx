import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import { DrillContext, useDrillDown, type DrillTarget } from './drill-down-context'
import { FigureRowsDialog } from './figure-rows-dialog'
import './drill-down.css'

/** Lets every figure below open its rows (figureRows) in one dialog. */
export function DrillDownProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<DrillTarget | null>(null)
  // What had the focus when the rows opened (the figure's button or grid cell) gets it back.
  const origin = useRef<HTMLElement | null>(null)
  const open = useCallback((next: DrillTarget) => {
    origin.current = document.activeElement as HTMLElement | null
    setTarget(next)
  }, [])
  const returnFocus = (e: Event) => {
    if (!origin.current?.isConnected) return
    e.preventDefault()
    origin.current.focus({ preventScroll: true })
  }
  return (
    <DrillContext.Provider value={open}>
      {children}
      <FigureRowsDialog target={target} onClose={() => setTarget(null)} onCloseAutoFocus={returnFocus} />
    </DrillContext.Provider>
  )
}

/**
 * A figure that opens the rows behind it: a button (Enter or a click) where a drill-down is at
 * hand, the figure alone elsewhere. Its name is the figure as shown (WCAG 2.5.3: the name holds
 * the visible text); what it opens is its description (the title).
 */
export function FigureLink({ target, children }: { target: DrillTarget; children: ReactNode }) {
  const { t } = useTranslation('orders')
  const open = useDrillDown()
  if (!open) return <>{children}</>
  const label = t('drill.open', { title: target.title })
  return (
    <button type="button" className="figure-link" title={label} onClick={() => open(target)}>
      {children}
    </button>
  )
}
