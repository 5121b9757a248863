import { useRef, useState, type DragEvent } from 'react'
import { formatSize } from '@/lib/format-size'
import { useTranslation } from '@/lib/i18n'
import { ACCEPT } from './upload-rules'
import type { QueueItem } from './use-upload-queue'

type Props = {
  items: QueueItem[]
  /** A refusal or '请选择文件', shown under the picker. */
  problem: string | null
  /** False while the dialog initialises (spec: it waits 1 s). */
  ready: boolean
  busy: boolean
  onAdd: (files: File[]) => void
  onRemove: (id: number) => void
}

/** 选择文件 (or a drop), the hint, and the chosen files with their progress. */
export function UploadQueue({ items, problem, ready, busy, onAdd, onRemove }: Props) {
  const { t } = useTranslation('upload')
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const enabled = ready && !busy

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (enabled) onAdd([...e.dataTransfer.files])
  }

  const state = (item: QueueItem) => {
    const percent = Math.round(item.progress * 100)
    if (item.status === 'uploading') return t('uploading', { percent })
    if (item.status === 'done') return t('done')
    if (item.status === 'failed') return item.error ?? t('failed')
    return t('waiting')
  }

  return (
    <div className="upload-queue">
      <div
        className={`upload-drop${over ? ' upload-drop--over' : ''}`}
        aria-busy={!ready || undefined}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(enabled)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <button type="button" className="btn btn--primary" disabled={!enabled} onClick={() => input.current?.click()}>
          {t('choose')}
        </button>
        <span className="upload-drop__hint">{ready ? t('hint') : t('initialising')}</span>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('chooseLabel')}
          accept={ACCEPT}
          multiple
          disabled={!enabled}
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])])
            // Choosing the same file again must fire another change (and meet the duplicate rule).
            e.target.value = ''
          }}
        />
      </div>
      {problem && (
        <p className="upload-queue__problem" role="alert">
          {problem}
        </p>
      )}
      {items.length > 0 && (
        <ul className="upload-queue__list" aria-label={t('queue')}>
          {items.map((item) => (
            <li key={item.id} className={`upload-item upload-item--${item.status}`}>
              <div className="upload-item__line">
                <span className="upload-item__name" title={item.file.name}>{item.file.name}</span>
                <span className="upload-item__size">{formatSize(item.file.size)}</span>
                <button
                  type="button"
                  className="btn btn--text btn--small btn--danger"
                  aria-label={t('remove', { name: item.file.name })}
                  disabled={busy}
                  onClick={() => onRemove(item.id)}
                >
                  ×
                </button>
              </div>
              <div
                className="upload-item__bar"
                role="progressbar"
                aria-label={t('progressOf', { name: item.file.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
              >
                <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
              <span className="upload-item__state" role={item.status === 'failed' ? 'alert' : undefined}>
                {state(item)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
