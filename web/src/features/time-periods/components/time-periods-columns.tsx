import type { Column } from '@/components/ui/data-table'
import type { TFunction } from '@/lib/i18n'
import type { TimePeriod, TimePeriodGroup } from '../api/get-time-periods'

export type GroupActions = {
  onEditClass: (group: TimePeriodGroup) => void
  onDeleteClass: (group: TimePeriodGroup) => void
}

export type PeriodActions = {
  onEdit: (period: TimePeriod) => void
  onDelete: (period: TimePeriod) => void
}

/** A stable key per node: classes by id, the unclassified group by its media. */
export const groupKey = (g: TimePeriodGroup) => (g.classId ? `class-${g.classId}` : `media-${g.mediaId}`)

export const timeRange = (p: TimePeriod) => `${p.preBroadcastTimeForma} - ${p.preBroadcastTimeFormaEnd}`

/** The tree's parent rows: the classes and each media's 未归纳 group. */
export function groupColumns(t: TFunction<'time-periods'>, actions: GroupActions): Column<TimePeriodGroup>[] {
  return [
    {
      key: 'timePeriodClassName',
      title: t('className'),
      render: (g) => (g.classId ? g.timePeriodClassName : <span className="tag tag--info">{t('unclassified')}</span>),
    },
    { key: 'media', title: t('media'), width: 180, render: (g) => g.media.mediaName },
    { key: 'count', title: t('periodCount'), width: 100, align: 'center', render: (g) => g.children.length },
    { key: 'updateTime', title: t('updateTime'), width: 170 },
    { key: 'createTime', title: t('createTime'), width: 170 },
    {
      key: 'actions',
      title: t('actions'),
      width: 130,
      render: (g) =>
        g.classId ? (
          <span className="row-actions">
            <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEditClass(g)}>
              {t('edit')}
            </button>
            <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDeleteClass(g)}>
              {t('delete')}
            </button>
          </span>
        ) : null,
    },
  ]
}

/** The child rows: a group's periods. */
export function periodColumns(t: TFunction<'time-periods'>, actions: PeriodActions): Column<TimePeriod>[] {
  return [
    { key: 'timePeriodName', title: t('name') },
    { key: 'time', title: t('time'), width: 200, render: timeRange },
    { key: 'updateTime', title: t('updateTime'), width: 170 },
    { key: 'createTime', title: t('createTime'), width: 170 },
    {
      key: 'actions',
      title: t('actions'),
      width: 130,
      render: (p) => (
        <span className="row-actions">
          <button type="button" className="btn btn--text btn--small" onClick={() => actions.onEdit(p)}>
            {t('edit')}
          </button>
          <button type="button" className="btn btn--text btn--danger btn--small" onClick={() => actions.onDelete(p)}>
            {t('delete')}
          </button>
        </span>
      ),
    },
  ]
}
