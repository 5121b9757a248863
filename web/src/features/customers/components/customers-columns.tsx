import { formatGrp as grp } from '@/lib/grp'
import { useEffect, useMemo, useRef } from 'react'
import type { VirtualColumn } from '@/components/ui/virtual-table'
import { DATA_CATEGORIES, DATA_SOURCES } from '@/config/customer-data'
import { type TFunction, useTranslation } from '@/lib/i18n'
import type { CustomerRow } from '../api/get-customers'
import { FIGURES_CLASS, useFitWidth } from './fit-width'

export type ColumnSelection = {
  selected: ReadonlySet<number>
  state: 'none' | 'some' | 'all'
  toggle: (id: number) => void
  toggleAll: () => void
}

/** The header's box: checked when every row of the page is chosen, mixed when some are. */
function PageBox({ state, onToggle, label }: { state: ColumnSelection['state']; onToggle: () => void; label: string }) {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some'
  }, [state])
  return <input ref={box} type="checkbox" aria-label={label} checked={state === 'all'} onChange={onToggle} />
}

/** GRP as the lake keeps it: 3 decimals, 4 when the 4th is not 0 (`lib/grp`). */
export const formatGrp = (value: number | null | undefined) => grp(value, '-')

/** The widths of the columns sized by their content: what their texts and headers need (see `useFitWidth`). */
type FitWidths = { belongingTo: number; category: number; source: number; addTime: number; createTime: number }

const NO_ROWS: CustomerRow[] = []

/** A time as figures, so its column's measured width holds every time of the page. */
const time = (value: string) => <span className={FIGURES_CLASS}>{value}</span>

/**
 * The columns of the page's rows: the time columns as wide as their times; 数据归属, 数据类别 and
 * 数据来源 as their longest label in the reader's language (English ones run past 90 px).
 */
export function useCustomerColumns(selection: ColumnSelection, rows: CustomerRow[] | undefined): VirtualColumn<CustomerRow>[] {
  const { t } = useTranslation(['customers', 'common'])
  const page = rows ?? NO_ROWS
  const owners = useMemo(() => ['1', '2'].map((n) => t(`common:belongingTo.${n}`)), [t])
  const belongingTo = useFitWidth(owners, t('columns.belongingTo'), 72)
  const categories = useMemo(() => DATA_CATEGORIES.map((n) => t(`common:dataCategory.${n}`)), [t])
  const category = useFitWidth(categories, t('columns.category'), 90)
  const sources = useMemo(() => DATA_SOURCES.map((n) => t(`common:dataSource.${n}`)), [t])
  const source = useFitWidth(sources, t('columns.source'), 90)
  const addTime = useFitWidth(useMemo(() => page.map((r) => r.addTime), [page]), t('columns.addTime'), 160)
  const createTime = useFitWidth(useMemo(() => page.map((r) => r.createTime), [page]), t('columns.createTime'), 160)
  return useMemo(
    () => customerColumns(t, selection, { belongingTo, category, source, addTime, createTime }),
    [t, selection, belongingTo, category, source, addTime, createTime],
  )
}

/**
 * docs/screens.md "Master-data screens" customer data columns in the brief's order, after a checkbox column for 批量删除, with
 * 数据归属 after 频道: a spot's customer and media rows are otherwise alike.
 */
export function customerColumns(t: TFunction<['customers', 'common']>, selection: ColumnSelection, widths: FitWidths): VirtualColumn<CustomerRow>[] {
  const label = (kind: 'dataCategory' | 'dataSource' | 'belongingTo', value: number) => t(`common:${kind}.${value}`, { defaultValue: String(value) })
  return [
    {
      key: 'select',
      width: 44,
      align: 'center',
      title: <PageBox state={selection.state} onToggle={selection.toggleAll} label={t('selectPage')} />,
      render: (row) => (
        <input
          type="checkbox"
          aria-label={t('selectRow', { title: row.title, time: row.addTime })}
          checked={selection.selected.has(row.id)}
          onChange={() => selection.toggle(row.id)}
        />
      ),
    },
    { key: 'ymd', title: t('columns.ymd'), width: 104 },
    { key: 'channel', title: t('columns.channel'), width: 110 },
    { key: 'belongingTo', title: t('columns.belongingTo'), width: widths.belongingTo, render: (row) => label('belongingTo', row.belongingTo) },
    { key: 'addTime', title: t('columns.addTime'), width: widths.addTime, render: (row) => time(row.addTime) },
    { key: 'duration', title: t('columns.duration'), width: 84, align: 'right' },
    { key: 'title', title: t('columns.title'), width: 180, render: (row) => row.title },
    { key: 'circumferenceName', title: t('columns.program'), width: 140 },
    { key: 'time_period_class', title: t('columns.timePeriodClass'), width: 110, render: (row) => row.time_period_class?.timePeriodClassName || '-' },
    { key: 'group', title: t('columns.group'), width: 130, render: (row) => row.default_audience_city_group?.audienceCityGroupName || '-' },
    { key: 'maoDianPing', title: t('columns.grp'), width: 90, align: 'right', render: (row) => formatGrp(row.maoDianPing) },
    { key: 'position', title: t('columns.position'), width: 90 },
    { key: 'category', title: t('columns.category'), width: widths.category, render: (row) => label('dataCategory', row.category) },
    { key: 'source', title: t('columns.source'), width: widths.source, render: (row) => label('dataSource', row.source) },
    { key: 'createTime', title: t('columns.createTime'), width: widths.createTime, render: (row) => time(row.createTime) },
  ]
}
