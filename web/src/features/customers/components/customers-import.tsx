import { useState } from 'react'
import { ImportMessage } from '@/components/upload/import-message'
import type { UploadDone } from '@/components/upload/upload-file'
import { useTranslation } from '@/lib/i18n'
import { localClock } from '@/lib/timestamps'
import { useJobEnds } from '@/lib/use-job-ends'

/** How one uploaded file's import went: running, or ended with its job's message. */
export type CustomersImport = { jobId: number; fileName: string; state: 'running' | 'done' | 'failed'; text: string; /** `HH:mm:ss`. */ at: string }

/**
 * The imports started on this page, one per uploaded file, followed through their jobs: when a
 * job ends its message shows (the rows imported, or a refused file's count and problems) and
 * `onEnded` refreshes the list.
 */
export function useCustomersImports(onEnded: () => void) {
  const [imports, setImports] = useState<CustomersImport[]>([])
  const track = useJobEnds((jobId, message) => {
    const text = message.data == null ? '' : String(message.data)
    const state = message.level === 'success' ? 'done' : 'failed'
    setImports((all) => all.map((i) => (i.jobId === jobId ? { ...i, state, text, at: localClock() } : i)))
    onEnded()
  })
  const started = (uploaded: UploadDone[]) => {
    const running = uploaded.flatMap(({ file, jobId }) => (jobId === null ? [] : [{ jobId, fileName: file.fileName, state: 'running' as const, text: '', at: localClock() }]))
    setImports(running)
    track(running.map((i) => i.jobId))
  }
  const dismiss = (jobId: number) => setImports((all) => all.filter((i) => i.jobId !== jobId))
  return { imports, started, dismiss }
}

/** Each file's import: its heading, file and time, and its job's message in full. */
export function CustomersImports({ imports, onDismiss }: { imports: CustomersImport[]; onDismiss: (jobId: number) => void }) {
  const { t } = useTranslation('customers')
  return imports.map(({ jobId, fileName, state, text, at }) => {
    const heading = t(state === 'running' ? 'importing' : state === 'done' ? 'imported' : 'refused')
    return (
      <section
        key={jobId}
        className={`card customers-import customers-import--${state}`}
        role={state === 'failed' ? 'alert' : 'status'}
        aria-label={`${heading} ${fileName}`}
      >
        <div className="customers-import__head">
          <strong>{heading}</strong>
          <span>{fileName}</span>
          <time className="customers-import__time">{at}</time>
          {state !== 'running' && (
            <button type="button" className="customers-import__close" aria-label={t('dismissImport', { name: fileName })} onClick={() => onDismiss(jobId)}>
              ×
            </button>
          )}
        </div>
        {text && <ImportMessage text={text} />}
      </section>
    )
  })
}
