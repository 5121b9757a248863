import { createPortal } from 'react-dom'
import { DropdownMenu, MenuContent, MenuItem } from '@/components/ui/dropdown-menu'
import { useTranslation } from '@/lib/i18n'
import type { GridCell, GridRow } from '../api/get-summary-grid'
import type { SummaryAction } from './summary-dialogs'
import { menuItems, type MenuItemKind } from './summary-grid-model'

/** The cell a menu was opened on, where (viewport px) and its element (focus returns there). */
export type MenuTarget = { row: GridRow; cell: GridCell | undefined; ymd: string; x: number; y: number; node: HTMLElement }

type Props = { target: MenuTarget | null; onClose: () => void; onAction: (action: SummaryAction) => void }

function actionOf(kind: MenuItemKind, { row, cell, ymd }: MenuTarget): SummaryAction {
  const stored = cell && cell.id > 0 ? cell : null
  switch (kind) {
    case 'modify':
      return { kind: 'modify', row, cell: stored, ymd }
    case 'records':
      return { kind: 'records', row, cell: stored, ymd }
    default:
      // Only stored, verified cells offer 备注, 手动GRP and 移动 (menuItems).
      return { kind, row, cell: stored! }
  }
}

/**
 * A cell's right-click menu (also the ContextMenu key and Shift+F10): a dropdown anchored to an
 * invisible point where it was asked for, so the pointer and the keyboard open the same menu.
 * The point is a `position: fixed` box at the viewport coordinates of the click, so it lives in
 * `document.body`: inside the 汇总 dialog, whose `transform` (it is draggable) makes it the
 * containing block of fixed descendants, the point would land the dialog's offset away from the
 * pointer. Closing the menu gives the focus back to the cell: a point dialog an item opens takes
 * it from there (its focus trap) and gives it back to the cell when it closes.
 */
export function SummaryCellMenu({ target, onClose, onAction }: Props) {
  const { t } = useTranslation('orders')
  return (
    <DropdownMenu.Root open={target !== null} onOpenChange={(open) => !open && onClose()} modal={false}>
      {createPortal(
        <DropdownMenu.Trigger asChild>
          <span className="summary-menu__anchor" aria-hidden="true" tabIndex={-1} style={{ left: target?.x ?? 0, top: target?.y ?? 0 }} />
        </DropdownMenu.Trigger>,
        document.body,
      )}
      {target && (
        <MenuContent
          align="start"
          className="menu-content summary-menu"
          sideOffset={2}
          aria-label={t('summary.menu.label', { date: target.ymd })}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            if (target.node.isConnected) target.node.focus({ preventScroll: true })
          }}
        >
          {menuItems(target.cell).map((kind) => (
            <MenuItem key={kind} onSelect={() => onAction(actionOf(kind, target))}>
              {t(`summary.menu.${kind}`)}
            </MenuItem>
          ))}
        </MenuContent>
      )}
    </DropdownMenu.Root>
  )
}
