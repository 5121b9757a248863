import { useMemo, useState, type Key } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useDeleteTimePeriod } from '../api/delete-time-period'
import { useDeleteTimePeriodClass } from '../api/delete-time-period-class'
import { useTimePeriods, type TimePeriod, type TimePeriodGroup } from '../api/get-time-periods'
import { ClassDialog } from '../components/class-dialog'
import { TimePeriodDialog } from '../components/time-period-dialog'
import { groupColumns, groupKey, periodColumns } from '../components/time-periods-columns'
import { TimePeriodsToolbar } from '../components/time-periods-toolbar'
import { useTimePeriodFilters } from '../components/use-time-period-filters'
import '../components/time-periods.css'

type Editing<T> = { row: T | null } | null

/** /timePeriodManagement/index: the tree of time-period classes with their periods. */
export default function TimePeriodsPage() {
  const { t } = useTranslation('time-periods')
  const { filters, setFilters } = useTimePeriodFilters()
  const list = useTimePeriods(filters)
  const { mutate: removePeriod } = useDeleteTimePeriod()
  const { mutate: removeClass } = useDeleteTimePeriodClass()
  const [classEditing, setClassEditing] = useState<Editing<TimePeriodGroup>>(null)
  const [periodEditing, setPeriodEditing] = useState<Editing<TimePeriod>>(null)
  // The tree opens expanded; the user folds groups away.
  const [collapsed, setCollapsed] = useState<ReadonlySet<Key>>(new Set())

  const total = list.data?.total
  useKeepPageInRange(total, filters, setFilters)

  const groups = list.data?.data
  const expanded = useMemo(() => new Set((groups ?? []).map(groupKey).filter((k) => !collapsed.has(k))), [groups, collapsed])
  const toggle = (key: Key) =>
    setCollapsed((c) => {
      const next = new Set(c)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  const columns = useMemo(
    () =>
      groupColumns(t, {
        onEditClass: (g) => setClassEditing({ row: g }),
        onDeleteClass: async (g) => {
          if (!(await confirmDelete(t('deleteClassWhat', { name: g.timePeriodClassName }), t('deleteClassNote')))) return
          removeClass(g.classId ?? 0, { onSuccess: () => toast.success(t('deleted')) })
        },
      }),
    [t, removeClass],
  )
  const childColumns = useMemo(
    () =>
      periodColumns(t, {
        onEdit: (p) => setPeriodEditing({ row: p }),
        onDelete: async (p) => {
          if (!(await confirmDelete(t('deleteWhat', { name: p.timePeriodName })))) return
          removePeriod(p.id, { onSuccess: () => toast.success(t('deleted')) })
        },
      }),
    [t, removePeriod],
  )

  return (
    <div className="page">
      <div className="card">
        <TimePeriodsToolbar
          filters={filters}
          onSearch={setFilters}
          onAddClass={() => setClassEditing({ row: null })}
          onAddPeriod={() => setPeriodEditing({ row: null })}
        />
      </div>
      <div className="card">
        <DataTable
          columns={columns}
          data={groups}
          rowKey={groupKey}
          loading={list.isFetching}
          label={t('title')}
          expandable={{
            expanded,
            onToggle: toggle,
            render: (g) => (
              <div className="tp-children">
                <DataTable columns={childColumns} data={g.children} label={t('periodsOf', { name: g.timePeriodClassName })} emptyText={t('noPeriodsInClass')} />
              </div>
            ),
          }}
        />
        <Pagination total={total ?? 0} page={filters.page} pageSize={filters.limit} onChange={(page, limit) => setFilters({ page, limit })} />
      </div>
      <ClassDialog open={classEditing !== null} group={classEditing?.row ?? null} onClose={() => setClassEditing(null)} />
      <TimePeriodDialog open={periodEditing !== null} period={periodEditing?.row ?? null} onClose={() => setPeriodEditing(null)} />
    </div>
  )
}
