import { useMemo, useState, type Key } from 'react'
import { useTranslation } from '@/lib/i18n'
import { useKeepPageInRange } from '@/lib/use-url-filters'
import { confirm, confirmDelete } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/data-table'
import { Pagination } from '@/components/ui/pagination'
import { toast } from '@/components/ui/toast-store'
import { useCopySuit } from '../api/copy-suit'
import { useDeleteSuit } from '../api/delete-suit'
import { useExportSuits } from '../api/export-suits'
import { useSuits, type Suit } from '../api/get-suits'
import { SuitDialog } from '../components/suit-dialog'
import { entryColumns, entryKey, suitColumns } from '../components/suits-columns'
import { SuitsToolbar } from '../components/suits-toolbar'
import { useSuitFilters } from '../components/use-suit-filters'
import '../components/suits.css'

type Editing = { suit: Suit | null } | null

/** /suit/index: suits as a tree, each suit's period entries under it. */
export default function SuitsPage() {
  const { t } = useTranslation('suits')
  const { filters, setFilters } = useSuitFilters()
  const list = useSuits(filters)
  const { mutate: removeSuit } = useDeleteSuit()
  const { mutate: duplicate } = useCopySuit()
  const exporter = useExportSuits()
  const [editing, setEditing] = useState<Editing>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set())

  const total = list.data?.total
  useKeepPageInRange(total, filters, setFilters)

  const toggle = (key: Key) =>
    setExpanded((c) => {
      const next = new Set(c)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  const columns = useMemo(
    () =>
      suitColumns(t, {
        onEdit: (suit) => setEditing({ suit }),
        onDelete: async (suit) => {
          if (!(await confirmDelete(t('deleteWhat', { name: suit.suitName })))) return
          removeSuit(suit.id, { onSuccess: () => toast.success(t('deleted')) })
        },
        onCopy: async (suit) => {
          if (!(await confirm(t('copyConfirm')))) return
          duplicate(suit.id, { onSuccess: () => toast.success(t('copied')) })
        },
      }),
    [t, removeSuit, duplicate],
  )
  const children = useMemo(() => entryColumns(t), [t])

  return (
    <div className="page">
      <div className="card">
        <SuitsToolbar
          filters={filters}
          onSearch={setFilters}
          onAdd={() => setEditing({ suit: null })}
          onExport={() => exporter.mutate(filters)}
          exporting={exporter.isPending}
        />
      </div>
      <div className="card suit-table">
        <DataTable
          columns={columns}
          data={list.data?.data}
          loading={list.isFetching}
          label={t('title')}
          expandable={{
            expanded,
            onToggle: toggle,
            rowExpandable: (s) => s.suit_time_period.length > 0,
            render: (s) => (
              <div className="suit-children">
                <DataTable columns={children} data={s.suit_time_period} rowKey={entryKey} label={t('entriesOf', { name: s.suitName })} />
              </div>
            ),
          }}
        />
        <Pagination total={total ?? 0} page={filters.page} pageSize={filters.limit} onChange={(page, limit) => setFilters({ page, limit })} />
      </div>
      <SuitDialog open={editing !== null} suit={editing?.suit ?? null} onClose={() => setEditing(null)} />
    </div>
  )
}
