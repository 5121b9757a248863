import { Tooltip as T } from 'radix-ui'
import type { ReactNode } from 'react'
import './tooltip.css'

/** A hover/focus hint; wrap the whole app once in `TooltipProvider`. */
export function Tooltip({ content, side = 'bottom', children }: { content: ReactNode; side?: 'top' | 'right' | 'bottom' | 'left'; children: ReactNode }) {
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content className="tooltip" side={side} sideOffset={6}>
          {content}
          <T.Arrow className="tooltip__arrow" />
        </T.Content>
      </T.Portal>
    </T.Root>
  )
}

export const TooltipProvider = T.Provider
