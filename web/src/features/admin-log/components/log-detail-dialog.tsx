import { Dialog } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import type { LogEntry } from '../api/get-admin-logs'
import './admin-log.css'

type Props = { entry: LogEntry | null; onClose: () => void }

/** The read-only detail of one log entry: the request's fields as indented JSON. */
export function LogDetailDialog({ entry, onClose }: Props) {
  const { t } = useTranslation('admin')
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(next) => !next && onClose()}
      title={t('log.detailTitle')}
      width={680}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('ui.confirm')}</button>}
    >
      {entry && (
        <>
          <p className="log-detail__meta">
            {entry.adminName} · {entry.title} · {entry.url} · {entry.ip} · {entry.createTime}
          </p>
          <pre className="log-detail__json" data-testid="log-detail-json">{JSON.stringify(entry.detail ?? null, null, 2)}</pre>
        </>
      )}
    </Dialog>
  )
}
