import type { ReactNode } from 'react'
import { DataTable, type Column } from '@/components/ui/data-table'
import { useTranslation } from '@/lib/i18n'
import type { Order } from '@/features/orders/api/get-orders'
import { useOrderLogs } from '@/features/orders/api/get-order-logs'
import { useProposals, type Proposal } from '@/features/orders/api/get-proposals'
import { useSuitRemaining, type SuitRemaining } from '../api/get-suit-remaining'
import type { GridMonth, SummaryFilter } from '../api/get-summary-grid'
import { ProposalForm } from '@/features/orders/components/proposal-form'
import { EvaluationSection } from './evaluation-section'

type Props = {
  order: Order
  months: GridMonth[] | undefined
  loading: boolean
  /** The toolbar's side and filters: the figures and the estimates' defaults follow them. */
  filter: SummaryFilter
  /** Opens 客户数据 for the order. */
  onCustomerData: () => void
}

const DASH = '—'

/** The cycle's months, each kept whole on a line (a month's own hyphen is no place to break). */
const cycleMonths = (list: string, separator: string): ReactNode => {
  const months = list.split(',').filter(Boolean)
  if (!months.length) return DASH
  return months.map((m, i) => (
    <span key={m} className="summary-facts__month">
      {m}
      {i < months.length - 1 ? separator : ''}
    </span>
  ))
}

/**
 * 汇总 mode (docs/screens.md "Summary dialog"): the order's product, cycle, months and seconds; the evaluation's
 * figures and estimates; the make-goods per month (owed, scheduled, outstanding) under the
 * order's make-good policy; what each suit entry of the cycle's months has left to schedule (or
 * how far it is overrun, 超排); the order log as a
 * timeline; the adjustment proposals with 添加.
 */
export function CollectMode({ order, months, loading, filter, onCustomerData }: Props) {
  const { t } = useTranslation('orders')
  const suits = useSuitRemaining(order.id)
  const logs = useOrderLogs(order.id)
  const proposals = useProposals(order.id)
  // The policy the month's owed spots follow (1 无, 2 错一补一, 3 漏一补二: 0, 1 or 2 per missing spot).
  const policy = order.makeGoodPolicy >= 1 && order.makeGoodPolicy <= 3 ? order.makeGoodPolicy : 1

  const facts: [string, ReactNode][] = [
    [t('summary.collect.product'), order.productName],
    [t('summary.collect.cycle'), order.cycleTimeAdd && order.cycleTimeEnd ? `${order.cycleTimeAdd} ~ ${order.cycleTimeEnd}` : DASH],
    [t('summary.collect.months'), cycleMonths(order.cycleTimeMonth, t('common:listSeparator'))],
    [t('summary.collect.seconds'), String(order.seconds)],
  ]
  const suitColumns: Column<SuitRemaining>[] = [
    { key: 'suitName', title: t('summary.collect.suitName') },
    { key: 'suitTime', title: t('summary.collect.suitMonth'), width: 100 },
    { key: 'timePeriodName', title: t('summary.collect.periods') },
    { key: 'numberOfTimes', title: t('summary.collect.times'), width: 90, align: 'right' },
    { key: 'scheduled', title: t('summary.collect.scheduledTimes'), width: 90, align: 'right' },
    // What is left, never below 0; spots scheduled past the entry's count say so (超排).
    {
      key: 'num',
      title: t('summary.collect.remaining'),
      width: 120,
      align: 'right',
      render: (r) => (
        <>
          {r.num}
          {r.overrun > 0 && <span className="summary-suits__overrun order-figure--negative">{t('summary.collect.overrun', { overrun: r.overrun })}</span>}
        </>
      ),
    },
  ]
  const proposalColumns: Column<Proposal>[] = [
    { key: 'proposalText', title: t('proposals.text'), render: (r) => <span className="order-log__content">{r.proposalText}</span> },
    { key: 'adjustDate', title: t('proposals.adjustDate'), width: 110 },
    { key: 'proposalStatus', title: t('proposals.status'), width: 90, render: (r) => t(`proposals.statuses.${r.proposalStatus}`, { defaultValue: r.proposalStatus }) },
    { key: 'adminName', title: t('proposals.admin'), width: 100 },
  ]

  return (
    <div className="summary-collect">
      <section className="summary-card" aria-label={t('summary.collect.order')}>
        <dl className="summary-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="summary-facts__item">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <EvaluationSection orderId={order.id} mediaId={order.mediaId} filter={filter} onCustomerData={onCustomerData} />

      <div className="summary-collect__columns">
        <section className="summary-card" aria-labelledby="summary-make-goods">
          <h3 id="summary-make-goods" className="summary-card__title">{t('summary.collect.makeGoods')}</h3>
          <p className="summary-card__policy" id="summary-make-goods-policy">
            {t('summary.collect.policy', { policy: t(`form.makeGoodPolicies.${policy}`) })}
            <span className="summary__hint">{t('summary.collect.policyHint', { factor: policy - 1 })}</span>
          </p>
          <table className="table summary-make-goods" aria-labelledby="summary-make-goods" aria-describedby="summary-make-goods-policy">
            <thead>
              <tr>
                <th scope="col">{t('summary.collect.month')}</th>
                <th scope="col">{t('summary.collect.owed')}</th>
                <th scope="col">{t('summary.collect.scheduled')}</th>
                <th scope="col">{t('summary.collect.outstanding')}</th>
              </tr>
            </thead>
            <tbody>
              {(months ?? []).map((m) => (
                <tr key={m.pointDateYm} data-month={m.pointDateYm}>
                  <td>{m.pointDateYm}</td>
                  <td>{m.makeGood.owed}</td>
                  <td>{m.makeGood.scheduled}</td>
                  <td className={m.makeGood.outstanding > 0 ? 'order-figure--negative' : undefined}>{m.makeGood.outstanding}</td>
                </tr>
              ))}
              {!months?.length && (
                <tr>
                  <td colSpan={4} className="summary-card__empty">{loading ? t('summary.loading') : t('summary.collect.noMonths')}</td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
        <section className="summary-card" aria-labelledby="summary-suits">
          <h3 id="summary-suits" className="summary-card__title">{t('summary.collect.suits')}</h3>
          <DataTable columns={suitColumns} data={suits.data} loading={suits.isFetching} label={t('summary.collect.suits')} emptyText={t('summary.collect.noSuits')} rowKey={(r) => `${r.suitId}-${r.suitXId}`} />
        </section>
      </div>

      <div className="summary-collect__columns">
        <section className="summary-card" aria-labelledby="summary-log">
          <h3 id="summary-log" className="summary-card__title">{t('summary.collect.log')}</h3>
          {logs.data?.length ? (
            // Focusable: it scrolls on its own (a long log), so the keyboard must reach it.
            <ol className="summary-timeline" tabIndex={0} aria-labelledby="summary-log">
              {logs.data.map((entry) => (
                <li key={entry.id} className="summary-timeline__item">
                  <span className="summary-timeline__time">{entry.createTime}</span>
                  <span className="summary-timeline__content">{entry.content}</span>
                  <span className="summary-timeline__admin">{entry.admin.name || '-'}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="summary-card__empty">{logs.isFetching ? t('summary.loading') : t('logs.empty')}</p>
          )}
        </section>
        <section className="summary-card" aria-labelledby="summary-proposals">
          <h3 id="summary-proposals" className="summary-card__title">{t('summary.collect.proposals')}</h3>
          <ProposalForm orderId={order.id} />
          <DataTable columns={proposalColumns} data={proposals.data} loading={proposals.isFetching} label={t('summary.collect.proposals')} emptyText={t('proposals.empty')} />
        </section>
      </div>
    </div>
  )
}
