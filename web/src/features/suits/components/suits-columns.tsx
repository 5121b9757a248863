import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { Suit, SuitEntry } from '../api/get-suits'

export type SuitActions = {
  onEdit: (row: Suit) => void
  onDelete: (row: Suit) => void
  onCopy: (row: Suit) => void
}

const metric = (n: number) => n.toLocaleString('zh-CN', { maximumFractionDigits: 3 })

/** `2026-03-01 10:00:00` as date over time, so the wide table keeps its columns readable. */
const stamp = (text: string) => {
  const [date, time] = text.split(' ')
  return (
    <span className="suit-table__stamp">
      <span>{date}</span>
      <span>{time}</span>
    </span>
  )
}

/** The parent rows: one per suit; only they carry 编辑 删除 复制. */
export function suitColumns(t: TFunction<'suits'>, actions: SuitActions): Column<Suit>[] {
  return [
    { key: 'media', title: t('media'), render: (r) => r.media.mediaName },
    { key: 'brand', title: t('brand'), render: (r) => r.brand.brandName },
    { key: 'suitName', title: t('name'), render: (r) => <span className="suit-table__name">{r.suitName}</span> },
    { key: 'customerMetrics', title: t('customerMetrics'), align: 'right', render: (r) => metric(r.customerMetrics) },
    { key: 'mediaMetrics', title: t('mediaMetrics'), align: 'right', render: (r) => metric(r.mediaMetrics) },
    { key: 'seconds', title: t('seconds'), align: 'center' },
    { key: 'suitTime', title: t('suitTime'), align: 'center' },
    { key: 'numberOfTimes', title: t('numberOfTimes'), align: 'center' },
    { key: 'updateTime', title: t('updateTime'), render: (r) => stamp(r.updateTime) },
    { key: 'createTime', title: t('createTime'), render: (r) => stamp(r.createTime) },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      render: (r) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(r)}>{t('edit')}</button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(r)}>{t('delete')}</button>
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onCopy(r)}>{t('copy')}</button>
        </span>
      ),
    },
  ]
}

/** The child rows: a suit's period entries. */
export function entryColumns(t: TFunction<'suits'>): Column<SuitEntry>[] {
  return [
    { key: 'timePeriodName', title: t('periodName') },
    { key: 'preBroadcastTimeForma', title: t('preBroadcastTime') },
    { key: 'numberOfTimes', title: t('count'), width: 90, align: 'center' },
  ]
}

export const entryKey = (e: SuitEntry) => e.timePeriodId
