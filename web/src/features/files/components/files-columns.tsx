import type { Column } from '@/components/ui/data-table'
import { formatSize } from '@/lib/format-size'
import type { TFunction } from '@/lib/i18n'
import { codeLabel } from '@/lib/i18n-server-labels'
import { JOB_STATES, type FileJob, type FileRow } from '../api/get-files'

type JobState = (typeof JOB_STATES)[number]
const JOB_TAG: Record<JobState, string> = { queued: 'tag--info', running: '', done: 'tag--success', failed: 'tag--danger' }
const isJobState = (status: string): status is JobState => (JOB_STATES as readonly string[]).includes(status)

/** 排队中 / 处理中 n% / 已完成 / 失败, with the job's last message under it. */
function JobStatus({ job, t }: { job: FileJob | null | undefined; t: TFunction<'files'> }) {
  if (!job) return '-'
  const { status } = job
  return (
    <div className="job-status" data-status={status}>
      <span className={`tag ${isJobState(status) ? JOB_TAG[status] : 'tag--info'}`}>
        {isJobState(status) ? t(`job.${status}`, { progress: Math.round(job.progress) }) : status}
      </span>
      {job.message && (
        <span className="job-status__message" title={job.message}>
          {job.message}
        </span>
      )}
    </div>
  )
}

/** The columns of docs/screens.md "Master-data screens" "File list", in its order, plus the import job's status. */
export function fileColumns(t: TFunction<'files'>, onDownload: (row: FileRow) => void): Column<FileRow>[] {
  return [
    { key: 'fileName', title: t('columns.fileName'), width: 180 },
    { key: 'path', title: t('columns.path'), width: 220, render: (row) => <span className="files-table__path">{row.path}</span> },
    { key: 'mimeType', title: t('columns.mimeType'), width: 150, render: (row) => <span className="files-table__path">{row.mimeType || '-'}</span> },
    { key: 'size', title: t('columns.size'), width: 90, render: (row) => formatSize(row.size) },
    { key: 'extension', title: t('columns.extension'), width: 90 },
    { key: 'description', title: t('columns.description'), width: 140 },
    { key: 'tags_name', title: t('columns.tags'), width: 100, render: (row) => codeLabel(t, 'fileTag', row.tags, row.tags_name) },
    { key: 'admin', title: t('columns.admin'), width: 100, render: (row) => row.admin?.name || '-' },
    { key: 'createTime', title: t('columns.createTime'), width: 160 },
    { key: 'job', title: t('columns.job'), width: 200, render: (row) => <JobStatus job={row.job} t={t} /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 100,
      render: (row) => (
        <button
          type="button"
          className="btn btn--text btn--small"
          aria-label={t('downloadOf', { name: row.fileName })}
          onClick={() => onDownload(row)}
        >
          {t('download')}
        </button>
      ),
    },
  ]
}
