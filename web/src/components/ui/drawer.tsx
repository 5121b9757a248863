import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n'
import './drawer.css'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  side?: 'left' | 'right'
  width?: number
  closeLabel?: string
  children: ReactNode
}

/** A panel sliding in from the side (Radix Dialog: focus trap, Escape and outside click close it). */
export function Drawer({ open, onOpenChange, title, side = 'right', width = 280, closeLabel, children }: Props) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className={`drawer drawer--${side}`} style={{ width }} aria-describedby={undefined}>
          <header className="drawer__header">
            <Dialog.Title className="drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label={closeLabel ?? t('close')}>
              ×
            </Dialog.Close>
          </header>
          <div className="drawer__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
