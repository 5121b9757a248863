import { useTranslation } from '@/lib/i18n'
import type { EntryValue } from '../api/create-suit'

type Props = {
  entries: EntryValue[]
  onEdit: (entry: EntryValue) => void
  onDelete: (entry: EntryValue) => void
}

/** The dialog's entry list, each with an edit icon (back into the selector) and a delete icon. */
export function EntriesTable({ entries, onEdit, onDelete }: Props) {
  const { t } = useTranslation('suits')
  return (
    <table className="table suit-entries__table" aria-label={t('entries')}>
      <thead>
        <tr>
          <th>{t('periodName')}</th>
          <th>{t('preBroadcastTime')}</th>
          <th style={{ width: 70 }}>{t('count')}</th>
          <th style={{ width: 96 }}>{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.ids.join(',')}>
            <td>{e.names}</td>
            <td className="suit-entries__time">{e.times}</td>
            <td style={{ textAlign: 'center' }}>{e.count}</td>
            <td className="suit-entries__actions">
              <button type="button" className="icon-btn suit-entries__icon" aria-label={t('editEntry', { name: e.names })} title={t('edit')} onClick={() => onEdit(e)}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" /></svg>
              </button>
              <button type="button" className="icon-btn suit-entries__icon suit-entries__icon--danger" aria-label={t('deleteEntry', { name: e.names })} title={t('delete')} onClick={() => onDelete(e)}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" /></svg>
              </button>
            </td>
          </tr>
        ))}
        {entries.length === 0 && (
          <tr className="suit-entries__empty">
            <td colSpan={4}>{t('noEntries')}</td>
          </tr>
        )}
      </tbody>
    </table>
  )
}
