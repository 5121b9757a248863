import { useTranslation } from '@/lib/i18n'

/** 编辑 and 删除 of one row. */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('system')
  return (
    <span className="row-actions">
      <button type="button" className="btn btn--text btn--small" onClick={onEdit}>
        {t('edit')}
      </button>
      <button type="button" className="btn btn--text btn--danger btn--small" onClick={onDelete}>
        {t('delete')}
      </button>
    </span>
  )
}
