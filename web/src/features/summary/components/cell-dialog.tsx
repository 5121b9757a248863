import { createContext, useContext, type ComponentProps } from 'react'
import { Dialog } from '@/components/ui/dialog'

/**
 * Where a closing cell dialog puts the focus: the grid's active cell the action came from.
 * Radix would return it to whatever had it on opening — a menu item already gone, or a cell
 * react-window has since replaced — which leaves it on the page body, where the arrows do
 * nothing and the next Escape closes the whole 汇总.
 */
export const ReturnFocus = createContext<(() => boolean) | null>(null)

/** The shared dialog, giving the focus back to the grid (when the action came from it) on closing. */
export function CellDialog(props: ComponentProps<typeof Dialog>) {
  const returnFocus = useContext(ReturnFocus)
  return (
    <Dialog
      {...props}
      onCloseAutoFocus={(e) => {
        if (returnFocus?.()) e.preventDefault()
      }}
    />
  )
}
