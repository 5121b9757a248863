import type { Column } from '@/components/ui/data-table'
import { DropdownMenu, MenuContent, MenuItem } from '@/components/ui/dropdown-menu'
import type { TFunction } from '@/lib/i18n'
import { codeLabel } from '@/lib/i18n-server-labels'
import type { Order } from '../api/get-orders'
import { FigureLink } from './drill-down/drill-down'
import { ExpectedFigure, Figure, formatPercent, NONE, orderTarget } from './order-figures'

/** The dialogs of the row's 更多 menu, in its order. */
export const MORE_DIALOGS = ['summary', 'template', 'tapeChanges', 'certificate', 'customerData', 'upsideDownThree', 'proposals', 'history', 'log'] as const
export type MoreDialog = (typeof MORE_DIALOGS)[number]

export type OrderActions = {
  onEdit: (row: Order) => void
  onDelete: (row: Order) => void
  /** One of the 更多 menu's dialogs for the row. */
  onMore: (dialog: MoreDialog, row: Order) => void
}

/** Status colours: waiting grey/orange, on air blue, data missing red, finished green. */
const STATUS_TAG: Record<number, string> = { 1: 'info', 2: 'warning', 3: 'info', 4: '', 5: 'warning', 6: 'danger', 7: 'success' }

/** Parts one over the other (date over time, month over month), so the wide table keeps its columns narrow. */
const lines = (parts: string[]) => {
  const shown = parts.filter(Boolean)
  if (!shown.length) return NONE
  return (
    <span className="orders-table__lines">
      {shown.map((p, i) => <span key={i}>{p}</span>)}
    </span>
  )
}

/** The cycle's months one over the other; a long cycle as its first and last month, so a
 *  year-long order doesn't make a row thirteen lines high (all months in the tooltip). */
export const months = (joined: string, t: TFunction<'orders'>) => {
  const all = joined.split(',').filter(Boolean)
  if (all.length <= 3) return lines(all)
  return (
    <span className="orders-table__lines" title={all.join(t('common:listSeparator'))}>
      <span>{all[0]}</span>
      <span>~ {all[all.length - 1]}</span>
      <span className="orders-table__muted">{t('columns.monthCount', { count: all.length })}</span>
    </span>
  )
}

/**
 * One side's block (客户 / 媒体): GRP, 赠播, 预计完成, 差值, 超播%, 已播正负三%. The computed ones
 * open their rows (the whole order's); metrics and free broadcast are the contract as typed.
 */
function sideColumns(t: TFunction<'orders'>, side: 'customer' | 'media'): Column<Order>[] {
  const group = t(side === 'customer' ? 'columns.customer' : 'columns.mediaSide')
  const title = (key: string) => `${group} ${t(`columns.${key}`)}`
  const col = (key: string, name: string, render: Column<Order>['render']): Column<Order> => ({
    key: `${side}${key}`, title: t(`columns.${name}`), group, align: 'right', render,
  })
  return [
    col('Metrics', 'metrics', (r) => <Figure value={r[`${side}Metrics`]} />),
    col('FreeBroadcast', 'freeBroadcast', (r) => <Figure value={r[`${side}FreeBroadcast`]} />),
    col('ExpectedCompletion', 'expected', (r) => <ExpectedFigure row={r} side={side} title={title('expected')} />),
    col('Difference', 'difference', (r) => (
      <FigureLink target={orderTarget(r, side, 'difference', title('difference'), r[`${side}Difference`])}>
        <Figure value={r[`${side}Difference`]} signed />
      </FigureLink>
    )),
    col('Overplay', 'overplay', (r) => (
      <FigureLink target={orderTarget(r, side, 'difference', title('overplay'), r[`${side}Difference`], { kind: 'from' }, formatPercent(r[`${side}Overplay`]))}>
        <Figure value={r[`${side}Overplay`]} percent signed />
      </FigureLink>
    )),
    col('AlreadyUpsideDownThree', 'upsideDownThree', (r) => {
      const shown = r[`${side}AlreadyUpsideDownThree`]
      return (
        <FigureLink target={orderTarget(r, side, 'upsideDownThree', title('upsideDownThree'), shown, { kind: 'share' }, formatPercent(shown))}>
          <Figure value={shown} percent />
        </FigureLink>
      )
    }),
  ]
}

/** docs/screens.md "Order list" columns in its order, then the customer and media blocks and the row actions. */
export function orderColumns(t: TFunction<'orders'>, actions: OrderActions): Column<Order>[] {
  return [
    { key: 'mediaName', title: t('columns.media'), fixed: 'left', render: (r) => <span className="orders-table__media">{r.mediaName}</span> },
    { key: 'createTime', title: t('columns.createTime'), render: (r) => lines(r.createTime.split(' ')) },
    { key: 'estimateTime', title: t('columns.estimateTime'), render: (r) => r.estimateTime || NONE },
    {
      key: 'statusName',
      title: t('columns.statusName'),
      render: (r) => (
        <span className={`tag${STATUS_TAG[r.status] ? ` tag--${STATUS_TAG[r.status]}` : ''}`}>{codeLabel(t, 'orderStatus', r.status, r.statusName)}</span>
      ),
    },
    { key: 'jStatusName', title: t('columns.jStatusName'), render: (r) => codeLabel(t, 'evaluationState', r.jStatus, r.jStatusName) },
    { key: 'brandName', title: t('columns.brand') },
    { key: 'productName', title: t('columns.product'), render: (r) => <span className="orders-table__product">{r.productName}</span> },
    { key: 'cycleTimeMonth', title: t('columns.month'), render: (r) => months(r.cycleTimeMonth, t) },
    { key: 'cycleTime', title: t('columns.cycle'), render: (r) => lines([r.cycleTimeAdd, r.cycleTimeEnd && `~ ${r.cycleTimeEnd}`]) },
    { key: 'seconds', title: t('columns.seconds'), align: 'center' },
    { key: 'notes', title: t('columns.notes'), render: (r) => (r.notes ? <span className="orders-table__notes" title={r.notes}>{r.notes}</span> : NONE) },
    { key: 'id', title: t('columns.id'), align: 'center' },
    ...sideColumns(t, 'customer'),
    ...sideColumns(t, 'media'),
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (r) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(r)}>{t('edit')}</button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(r)}>{t('delete')}</button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="btn btn--text btn--small">
              {t('more')} ▾
            </DropdownMenu.Trigger>
            <MenuContent align="end">
              {MORE_DIALOGS.map((d) => (
                <MenuItem key={d} onSelect={() => actions.onMore(d, r)}>{d === 'log' ? t('log') : t(`menu.${d}`)}</MenuItem>
              ))}
            </MenuContent>
          </DropdownMenu.Root>
        </span>
      ),
    },
  ]
}
