import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter, ViewingClass } from '@/features/orders/api/evaluation-types'
import { FigureLink } from '@/features/orders/components/drill-down/drill-down'
import { formatGrp } from '@/features/orders/components/order-figures'
import { draftProblem } from './estimate-rules'
import { useEstimateDraft } from './use-estimate-draft'

const FIELDS = [
  ['estimated', 'normal'],
  ['estimatedLow', 'low'],
  ['estimatedHigh', 'high'],
] as const

/**
 * One time-period class of the estimate editor: its periods, the three values (saved 1 s after
 * the last keystroke once they pass the rules, which show beside them in Chinese first), the
 * basis of its default (which opens the days it is computed from), 已编辑, and 恢复默认 (all
 * three sent empty).
 */
type Props = { orderId: number; cls: ViewingClass; filter: EvaluationFilter; /** Opens the class (时段归纳) itself for editing. */ onEditClass: () => void }

export function ViewingClassRow({ orderId, cls, filter, onEditClass }: Props) {
  const { t } = useTranslation('orders')
  const { shown, draft, status, change, reset } = useEstimateDraft(orderId, cls)
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
