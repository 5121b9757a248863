import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from '@/lib/i18n'
import { localClock, localIso } from '@/lib/timestamps'
import { Icon } from './icons'
import type { ProgressEntry } from './progress-log'
import './progress-panel.css'

/** How long the log must stay quiet before the close icon shows. */
export const SETTLE_MS = 800

type Props = {
  entries: ProgressEntry[]
  /** Messages received so far; see the close icon below. */
  received: number
  onClose: () => void
}

/**
 * The file-message overlay: a timeline of the pushed progress, coloured by level, newest at the
 * bottom and kept in view.
 */
export function ProgressPanel({ entries, received, onClose }: Props) {
  const { t } = useTranslation('shell')
  const list = useRef<HTMLOListElement>(null)

  useLayoutEffect(() => {
    const el = list.current
    if (el) el.scrollTop = el.scrollHeight
  }, [entries])

  // The close icon shows once the message count equals the count last seen (docs/screens.md "Routes and layout"). "Last
  // seen" is the count noted one settle interval after the latest change: while messages keep
  // arriving each one restarts the interval, the noted count lags behind and the icon stays
  // hidden; once the run goes quiet the two agree and the icon appears. A new message hides it
  // again at once, so a user can't close a run in mid-stream by a click aimed a moment earlier.
  const [seen, setSeen] = useState(-1)
  useEffect(() => {
    const timer = setTimeout(() => setSeen(received), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [received])
  const closable = seen === received

  const title = (e: ProgressEntry) =>
    e.kind === 'start' ? t('progressStarted') : e.kind === 'end' ? t('progressEnded') : t(`progressStep.${e.level}`)

  return (
    <section className="progress-panel" aria-label={t('progress')} data-testid="progress-panel">
      <header className="progress-panel__head">
        <strong>{t('progress')}</strong>
        {closable && (
          <button type="button" className="icon-btn progress-panel__close" aria-label={t('closeProgress')} onClick={onClose}>
            <Icon name="close" size={16} />
          </button>
        )}
      </header>
      <ol ref={list} className="progress-panel__list" role="log" aria-label={t('progress')}>
        {entries.map((e) => (
          <li key={e.id} className={`progress-entry progress-entry--${e.kind} progress-entry--${e.kind === 'start' ? 'primary' : e.level}`}>
            <span className="progress-entry__dot" aria-hidden="true" />
            <div className="progress-entry__body">
              <span className="progress-entry__title">{title(e)}</span>
              {e.text && <span className="progress-entry__text">{e.text}</span>}
              <time className="progress-entry__time" dateTime={localIso(new Date(e.at))}>
                {localClock(new Date(e.at))}
              </time>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
