import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/*
 * The charts' tooltip (dashboard, point-details curve): a box beside the point it describes,
 * flipped to the point's left or above it where it would overflow its container, as
 * @visx/tooltip's TooltipWithBounds places it — without that package and what it pulls in
 * (to keep the bundle small).
 */

type TooltipState<T> = { tooltipOpen: boolean; tooltipData?: T; tooltipLeft?: number; tooltipTop?: number }

/** Which point the tooltip shows and where it is, in the container's px. */
export function useTooltip<T>() {
  const [state, setState] = useState<TooltipState<T>>({ tooltipOpen: false })
  const showTooltip = useCallback(
    ({ tooltipData, tooltipLeft, tooltipTop }: Omit<TooltipState<T>, 'tooltipOpen'>) => setState({ tooltipOpen: true, tooltipData, tooltipLeft, tooltipTop }),
    [],
  )
  const hideTooltip = useCallback(() => setState({ tooltipOpen: false }), [])
  return { ...state, showTooltip, hideTooltip }
}

type Props = { left?: number; top?: number; className: string; children: ReactNode }

/** Gap between the point and the box, px. */
const OFFSET = 10

/** A box at (`left`, `top`) of its positioned parent, kept inside the parent (or the window). */
export function ChartTooltip({ left = 0, top = 0, className, children }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  // Measured after every render, before paint: the box's size changes with what it says.
  useLayoutEffect(() => {
    const node = ref.current
    if (!node) return
    const own = node.getBoundingClientRect()
    const parent = node.parentElement?.getBoundingClientRect()
    const right = left + OFFSET + own.width - (parent?.width || window.innerWidth)
    const toLeft = right > 0 && right > own.width - left - OFFSET
    const below = top + OFFSET + own.height - (parent?.height || 0)
    const up = parent?.height ? below > 0 && below > own.height - top - OFFSET : top + OFFSET + own.height > window.innerHeight
    const x = toLeft ? left - own.width - OFFSET : left + OFFSET
    const y = up ? top - own.height - OFFSET : top + OFFSET
    node.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`
  })
  return (
    <div ref={ref} className={className} style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}>
      {children}
    </div>
  )
}
