import { DropdownMenu as DM } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import './dropdown-menu.css'

/** Radix dropdown parts with the shared menu look; compose with DropdownMenu.Root / Trigger. */
export function MenuContent({ children, ...rest }: ComponentProps<typeof DM.Content>) {
  return (
    <DM.Portal>
      <DM.Content className="menu-content" sideOffset={6} collisionPadding={8} {...rest}>
        {children}
      </DM.Content>
    </DM.Portal>
  )
}

export function MenuItem({ children, ...rest }: ComponentProps<typeof DM.Item>) {
  return (
    <DM.Item className="menu-item" {...rest}>
      {children}
    </DM.Item>
  )
}

export function MenuRadioItem({ children, ...rest }: ComponentProps<typeof DM.RadioItem> & { children: ReactNode }) {
  return (
    <DM.RadioItem className="menu-item" {...rest}>
      {children}
    </DM.RadioItem>
  )
}

export const MenuSeparator = () => <DM.Separator className="menu-separator" />
export const DropdownMenu = DM
