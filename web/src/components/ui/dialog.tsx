import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { Dialog as D } from 'radix-ui'
import { useTranslation } from '@/lib/i18n'
import './dialog.css'

type Offset = { x: number; y: number }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  children: ReactNode
  /** Replaces the 取消/确定 footer; `null` hides it. */
  footer?: ReactNode | null
  /** Called by 确定 (unless `formId` makes 确定 submit that form). */
  onConfirm?: () => void
  /** 确定 submits the form with this id. */
  formId?: string
  confirmText?: string
  /** Disables 确定 while a request runs. */
  busy?: boolean
  /** Width in px, or a CSS length such as '90vw' (default 600); the dialog never gets narrower than 400 × 300. */
  width?: number | string
  /** The spec's dialogs don't close on a backdrop click. */
  closeOnBackdrop?: boolean
  description?: string
  /** Where the focus goes on closing; without it Radix returns it to what had it on opening. */
  onCloseAutoFocus?: (e: Event) => void
}

/** Keeps the dialog fully inside the viewport while its header is dragged. */
function clamp(rect: DOMRect, start: Offset, dx: number, dy: number): Offset {
  const minX = -rect.left
  const maxX = window.innerWidth - rect.right
  const minY = -rect.top
  const maxY = Math.max(minY, window.innerHeight - rect.bottom)
  return {
    x: start.x + Math.min(maxX, Math.max(minX, dx)),
    y: start.y + Math.min(maxY, Math.max(minY, dy)),
  }
}

/** A modal dialog (Radix Dialog), draggable by its header; Escape closes it. */
export function Dialog(props: Props) {
  const { open, onOpenChange, title, children, footer, onConfirm, formId, confirmText, busy } = props
  const { t } = useTranslation('admin')
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 })
  const drag = useRef<{ px: number; py: number; start: Offset; rect: DOMRect } | null>(null)
  const content = useRef<HTMLDivElement>(null)

  // Every opening starts centred, however the dialog was closed last time.
  useEffect(() => {
    if (open) setOffset({ x: 0, y: 0 })
  }, [open])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button') || !content.current) return
    drag.current = { px: e.clientX, py: e.clientY, start: offset, rect: content.current.getBoundingClientRect() }
    e.currentTarget.setPointerCapture?.(e.pointerId)
    e.preventDefault()
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (d) setOffset(clamp(d.rect, d.start, e.clientX - d.px, e.clientY - d.py))
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null
    e.currentTarget.releasePointerCapture?.(e.pointerId)
  }

  // Start in the first field rather than on the close button.
  const onOpenAutoFocus = (e: Event) => {
    const first = content.current?.querySelector<HTMLElement>('.dialog__body :is(input, select, textarea):not([disabled], [readonly])')
    if (!first) return
    e.preventDefault()
    first.focus()
  }

  const outside = (e: Event) => {
    if (!props.closeOnBackdrop) e.preventDefault()
  }

  const defaultFooter = (
    <>
      <button type="button" className="btn" onClick={() => onOpenChange(false)}>
        {t('ui.cancel')}
      </button>
      <button
        type={formId ? 'submit' : 'button'}
        form={formId}
        className="btn btn--primary"
        disabled={busy}
        onClick={formId ? undefined : onConfirm}
      >
        {confirmText ?? t('ui.confirm')}
      </button>
    </>
  )
  const shownFooter = footer === undefined ? defaultFooter : footer

  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="dialog-overlay" />
        <D.Content
          ref={content}
          className="dialog"
          style={{ width: props.width ?? 600, transform: `translate(${offset.x}px, ${offset.y}px)` }}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={props.onCloseAutoFocus}
          onPointerDownOutside={outside}
          onInteractOutside={outside}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <div
            className="dialog__header"
            data-testid="dialog-header"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <D.Title className="dialog__title">{title}</D.Title>
            <D.Close className="dialog__close" aria-label={t('ui.close')}>
              ×
            </D.Close>
          </div>
          {props.description ? (
            <D.Description className="visually-hidden">{props.description}</D.Description>
          ) : null}
          <div className="dialog__body">{children}</div>
          {shownFooter !== null && <div className="dialog__footer">{shownFooter}</div>}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
