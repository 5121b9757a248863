import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/components/ui/toast-store'
import { ApiError, Code } from '@/lib/api-client'
import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter, ViewingClass } from '@/features/orders/api/evaluation-types'
import { afterEstimate, saveViewingEstimate, type EstimateDraft } from '../api/viewing-estimates'
import { FigureLink } from '@/features/orders/components/drill-down/drill-down'
import { formatGrp } from '@/features/orders/components/order-figures'
import { draftOf, draftProblem, sameDraft, trimmed } from './estimate-rules'

/** Spec §9: an estimate is saved once the typing has paused this long. */
export const SAVE_DELAY_MS = 1000

const EMPTY: EstimateDraft = { estimated: '', estimatedLow: '', estimatedHigh: '' }
const FIELDS = [
  ['estimated', 'normal'],
  ['estimatedLow', 'low'],
  ['estimatedHigh', 'high'],
] as const

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }

/**
 * One time-period class of the estimate editor: its periods, the three values (saved 1 s after
 * the last keystroke once they pass the rules, which show beside them in Chinese first), the
 * basis of its default (which opens the days it is computed from), 已编辑, and 恢复默认 (all
 * three sent empty).
 */
type Props = { orderId: number; cls: ViewingClass; filter: EvaluationFilter; /** Opens the class (时段归纳) itself for editing. */ onEditClass: () => void }

export function ViewingClassRow({ orderId, cls, filter, onEditClass }: Props) {
  const { t } = useTranslation('orders')
  const client = useQueryClient()
  const server = draftOf(cls)
  // What the inputs show while they differ from the server's values; null shows the server's.
  const [draft, setDraft] = useState<EstimateDraft | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const waiting = useRef<EstimateDraft | null>(null)
  // Bumped by every keystroke and send: only the latest send may settle the inputs.
  const seq = useRef(0)

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    waiting.current = null
  }

  const send = async (values: EstimateDraft) => {
    stopTimer()
    const mine = ++seq.current
    setStatus({ kind: 'saving' })
    try {
      await saveViewingEstimate(orderId, cls.timePeriodClassId, values)
    } catch (err) {
      if (mine !== seq.current) return
      const message = err instanceof Error ? err.message : String(err)
      setStatus({ kind: 'error', message })
      // A refusal is shown beside the class; anything else (the network) as the client shows failures.
      if (!(err instanceof ApiError && err.code === Code.Validation)) toast.error(message)
      return
    }
    await afterEstimate(client, orderId)
    if (mine !== seq.current) return
    setStatus({ kind: 'saved' })
    setDraft(null)
  }

  const change = (field: keyof EstimateDraft, value: string) => {
    const next = { ...(draft ?? server), [field]: value }
    seq.current++
    stopTimer()
    setDraft(next)
    if (draftProblem(next) !== null || sameDraft(next, server)) {
      setStatus({ kind: 'idle' })
      return
    }
    waiting.current = trimmed(next)
    timer.current = setTimeout(() => void send(trimmed(next)), SAVE_DELAY_MS)
  }

  // An edit stored goes back to the default; one only typed goes back to the values shown before.
  const reset = () => {
    if (cls.edited) {
      void send(EMPTY)
      return
    }
    seq.current++
    stopTimer()
    setDraft(null)
    setStatus({ kind: 'idle' })
  }

  // Closing the dialog within the second still saves the values that passed the rules.
  useEffect(
    () => () => {
      const last = waiting.current
      if (!timer.current || !last) return
      clearTimeout(timer.current)
      void saveViewingEstimate(orderId, cls.timePeriodClassId, last).then(() => afterEstimate(client, orderId), () => {})
    },
    [client, orderId, cls.timePeriodClassId],
  )

  const shown = draft ?? server
  const problem = draft ? draftProblem(draft) : null
  const messageId = `estimate-${cls.timePeriodClassId}-message`
  const message = problem ? t(`evaluation.estimates.${problem}`) : status.kind === 'error' ? status.message : null
  const name = cls.timePeriodClassName
  const basis = cls.basis
  const amounts = [
    basis.days != null ? t('evaluation.estimates.days', { count: basis.days }) : '',
    basis.spots != null ? t('evaluation.estimates.spots', { count: basis.spots }) : '',
  ]
  const def = cls.default

  return (
    <tr data-class={cls.timePeriodClassId}>
      <th scope="row" className="estimates__class">
        <span>{name}</span>
        {cls.edited && <span className="tag tag--warning estimates__edited">{t('evaluation.estimates.edited')}</span>}
      </th>
      <td className="estimates__periods">
        {cls.TimePeriod.map((p) => (
          <span key={p.id} className="estimates__period">
            {p.timePeriodName}
            <span className="estimates__time">{`${p.preBroadcastTimeForma}–${p.preBroadcastTimeFormaEnd}`}</span>
          </span>
        ))}
      </td>
      {FIELDS.map(([field, level]) => (
        <td key={field} className="estimates__value">
          <input
            className="input estimates__input"
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('evaluation.estimates.inputLabel', { name, level: t(`evaluation.estimates.${level}`) })}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            value={shown[field]}
            onChange={(e) => change(field, e.target.value)}
          />
        </td>
      ))}
      <td className="estimates__basis">
        <span>
          <FigureLink
            target={{ orderId, filter, figure: 'estimate', timePeriodClassId: cls.timePeriodClassId, title: `${name} · ${t('evaluation.estimates.basis')}`, shown: def?.estimated }}
          >
            {[t(`evaluation.estimates.sources.${basis.source}`), ...amounts].filter(Boolean).join(' · ')}
          </FigureLink>
          {/* The range wraps as a whole, never inside a date. */}
          {basis.from && basis.to && <> · <span className="estimates__range">{`${basis.from} ~ ${basis.to}`}</span></>}
        </span>
        {/* Without history the server says remaining spots add nothing; an edit makes that untrue, and 默认：无 says the rest. */}
        {basis.message && !(cls.edited && basis.source === 'none') && <span className="estimates__note">{basis.message}</span>}
        {cls.edited && (
          <span className="estimates__note">
            {def ? t('evaluation.estimates.default', { normal: formatGrp(def.estimated), low: formatGrp(def.estimatedLow), high: formatGrp(def.estimatedHigh) }) : t('evaluation.estimates.noDefault')}
          </span>
        )}
        {message && <span id={messageId} className="estimates__problem" role="alert">{message}</span>}
        {!message && status.kind !== 'idle' && (
          <span className="estimates__status" role="status">{t(`evaluation.estimates.${status.kind}`)}</span>
        )}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--text btn--small"
          aria-label={t('evaluation.estimates.resetFor', { name })}
          disabled={!cls.edited && !draft}
          onClick={reset}
        >
          {t('evaluation.estimates.reset')}
        </button>
        <button type="button" className="btn btn--text btn--small" aria-label={t('evaluation.estimates.editClassFor', { name })} onClick={onEditClass}>
          {t('evaluation.estimates.editClass')}
        </button>
      </td>
    </tr>
  )
}
