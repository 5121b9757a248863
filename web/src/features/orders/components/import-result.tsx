import { ImportMessage } from '@/components/upload/import-message'
import { useTranslation } from '@/lib/i18n'

/** How the latest import of an order went: running, or ended with the job's message. */
export type ImportOutcome = { state: 'running' | 'done' | 'failed'; text: string; /** `HH:mm:ss`. */ at: string }

/**
 * The job's message in full: a refused file's count, then every problem listed on its own line
 * (scrolling within a bounded box); a summary as written.
 */
export function ImportResult({ outcome, onDismiss, of = 'template' }: { outcome: ImportOutcome; onDismiss: () => void; /** What was imported: the texts' section. */ of?: 'template' | 'certificate' | 'evaluation.upsideDownThree' }) {
  const { t } = useTranslation('orders')
  const { state, text, at } = outcome
  const kind = state === 'running' ? 'info' : state === 'done' ? 'success' : 'danger'
  const heading = state === 'running' ? t(`${of}.importing`) : t(state === 'done' ? `${of}.imported` : `${of}.refused`)
  return (
    <section
      className={`import-result import-result--${kind}`}
      role={state === 'failed' ? 'alert' : 'status'}
      aria-label={heading}
      data-testid="import-result"
    >
      <div className="import-result__head">
        <strong>{heading}</strong>
        <time className="import-result__time">{at}</time>
        {state !== 'running' && (
          <button type="button" className="import-result__close" aria-label={t(`${of}.dismiss`)} onClick={onDismiss}>
            ×
          </button>
        )}
      </div>
      {text && (
        <div className="import-result__text">
          <ImportMessage text={text} />
        </div>
      )}
    </section>
  )
}
