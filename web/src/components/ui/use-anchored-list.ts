import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react'

type Placement = { host: HTMLElement; style: CSSProperties }

/**
 * The element a drop-down list is portalled into, and the offset that turns viewport
 * coordinates into its own: inside a dialog the list lives in the dialog (so its focus trap,
 * scroll lock and outside-click handling treat the list as inside), elsewhere in <body>.
 * Either way no scrolling ancestor (a dialog body, a card) clips it.
 */
function layerOf(anchor: HTMLElement) {
  const dialog = anchor.closest<HTMLElement>('[role="dialog"]')
  if (dialog) {
    const r = dialog.getBoundingClientRect()
    return { host: dialog, top: r.top, left: r.left }
  }
  return { host: document.body, top: -window.scrollY, left: -window.scrollX }
}

/**
 * Places an open list under `anchor` (kept there while anything scrolls or resizes) and calls
 * `onEscape` for an Escape pressed in the anchor — before a surrounding Radix dialog, which
 * listens on the document, can close itself.
 */
export function useAnchoredList(open: boolean, anchor: RefObject<HTMLElement | null>, onEscape: () => void): Placement | null {
  const [place, setPlace] = useState<Placement | null>(null)
  const escape = useRef(onEscape)
  useEffect(() => {
    escape.current = onEscape
  })

  useLayoutEffect(() => {
    if (!open || !anchor.current) return
    const update = () => {
      const el = anchor.current
      if (!el) return
      const r = el.getBoundingClientRect()
      const layer = layerOf(el)
      setPlace({ host: layer.host, style: { top: r.bottom - layer.top + 4, left: r.left - layer.left, width: r.width } })
    }
    update()
    window.addEventListener('resize', update)
    window.addEventListener('scroll', update, true)
    return () => {
      window.removeEventListener('resize', update)
      window.removeEventListener('scroll', update, true)
    }
  }, [open, anchor])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.activeElement !== anchor.current) return
      e.stopPropagation()
      e.preventDefault()
      escape.current()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [open, anchor])

  return open ? place : null
}
