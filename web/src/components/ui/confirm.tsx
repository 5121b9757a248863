import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { AlertDialog as A } from 'radix-ui'
import { i18n, useTranslation } from '@/lib/i18n'
import './confirm.css'

export type ConfirmOptions = {
  /** Default 提示. */
  title?: string
  confirmText?: string
  cancelText?: string
  /** Colours 确定 as a dangerous action. */
  danger?: boolean
}

type BoxProps = ConfirmOptions & { message: string; onDone: (ok: boolean) => void }

function ConfirmBox({ message, onDone, ...opts }: BoxProps) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(true)
  const finish = (ok: boolean) => {
    setOpen(false)
    onDone(ok)
  }
  return (
    <A.Root open={open} onOpenChange={(next) => !next && finish(false)}>
      <A.Portal>
        <A.Overlay className="confirm-overlay" />
        <A.Content className="confirm">
          <A.Title className="confirm__title">{opts.title ?? t('ui.prompt')}</A.Title>
          <A.Description className="confirm__message">
            <span className="confirm__icon" aria-hidden="true">!</span>
            {message}
          </A.Description>
          <div className="confirm__footer">
            <A.Cancel className="btn btn--small" onClick={() => finish(false)}>
              {opts.cancelText ?? t('ui.cancel')}
            </A.Cancel>
            <A.Action
              className={`btn btn--small ${opts.danger ? 'btn--danger' : 'btn--primary'}`}
              onClick={() => finish(true)}
            >
              {opts.confirmText ?? t('ui.confirm')}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  )
}

/**
 * A message box (Radix AlertDialog) titled 提示 with 确定/取消: resolves true on 确定, false on
 * 取消 or Escape. It mounts its own root, so it can be awaited from any event handler.
 */
export function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div')
    document.body.appendChild(host)
    const root = createRoot(host)
    let settled = false
    const onDone = (ok: boolean) => {
      if (settled) return
      settled = true
      resolve(ok)
      // Let the close render (focus returns to the trigger) before unmounting.
      setTimeout(() => {
        root.unmount()
        host.remove()
      }, 0)
    }
    root.render(<ConfirmBox message={message} onDone={onDone} {...options} />)
  })
}

/**
 * The one delete question: 确定删除{{what}}吗？ naming the item — `what` is the feature's name for
 * its row, e.g. 订单「某产品 2026-11-01 至 2026-12-31」 — then `note`, what else the deletion does.
 * 确定 is coloured as dangerous.
 */
export function confirmDelete(what: string, note?: string): Promise<boolean> {
  const message = note ? i18n.t('admin:ui.deleteNamedNote', { what, note }) : i18n.t('admin:ui.deleteNamed', { what })
  return confirm(message, { danger: true })
}
