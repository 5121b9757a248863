import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'
import { useEvaluationFigures } from '../api/get-evaluation-figures'
import { EvaluationFigures } from './evaluation-figures'
import { ViewingEditor } from './viewing-editor'
import './evaluation.css'

type Props = { orderId: number; /** The order's media (its time-period classes). */ mediaId: number; filter: EvaluationFilter; onCustomerData: () => void }

/**
 * 汇总 mode's evaluation (docs/evaluation.md "Customer data per order"): the side's figures per month and in total, with 客户数据
 * beside them (the rows their issued GRP comes from), and the estimates per time-period class
 * that the remaining spots are expected at.
 */
export function EvaluationSection({ orderId, mediaId, filter, onCustomerData }: Props) {
  const { t } = useTranslation('orders')
  const figures = useEvaluationFigures(orderId, filter)
  return (
    <>
      <section className="summary-card" aria-labelledby="summary-figures">
        <div className="summary-card__head">
          <h3 id="summary-figures" className="summary-card__title">{t('evaluation.figures.title')}</h3>
          <button type="button" className="btn btn--small" onClick={onCustomerData}>{t('evaluation.customer.open')}</button>
        </div>
        <EvaluationFigures rows={figures.data} loading={figures.isFetching} orderId={orderId} filter={filter} />
      </section>
      <section className="summary-card" aria-labelledby="summary-estimates">
        <h3 id="summary-estimates" className="summary-card__title">{t('evaluation.estimates.title')}</h3>
        <ViewingEditor orderId={orderId} mediaId={mediaId} filter={filter} />
      </section>
    </>
  )
}
