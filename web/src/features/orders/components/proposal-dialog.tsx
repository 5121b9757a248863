import { DataTable, type Column } from '@/components/ui/data-table'
import { Dialog } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast-store'
import { useTranslation } from '@/lib/i18n'
import { useProposals, type Proposal } from '../api/get-proposals'
import { useSettleProposal } from '../api/settle-proposal'
import { ProposalForm } from './proposal-form'

type Props = { orderId: number | null; onClose: () => void }

/** proposalStatus '1' 待调整 (shows 完成调整), '2' 已调整. */
const PENDING = '1'

/** 调整建议: the order's adjustment proposals, 添加 and 完成调整. */
export function ProposalDialog({ orderId, onClose }: Props) {
  const { t } = useTranslation(['orders', 'common'])
  const proposals = useProposals(orderId)
  const settle = useSettleProposal()
  const title = t('proposals.title', { id: orderId ?? '' })

  const columns: Column<Proposal>[] = [
    { key: 'proposalText', title: t('proposals.text'), render: (r) => <span className="order-log__content">{r.proposalText}</span> },
    { key: 'adjustDate', title: t('proposals.adjustDate'), width: 110 },
    {
      key: 'proposalStatus',
      title: t('proposals.status'),
      width: 90,
      render: (r) => (
        <span className={`tag ${r.proposalStatus === PENDING ? 'tag--warning' : 'tag--success'}`}>
          {t(`proposals.statuses.${r.proposalStatus}`, { defaultValue: r.proposalStatus })}
        </span>
      ),
    },
    { key: 'adminName', title: t('proposals.admin'), width: 100 },
    { key: 'createTime', title: t('proposals.createTime'), width: 170 },
    {
      key: 'actions',
      title: t('proposals.actions'),
      width: 100,
      render: (r) =>
        r.proposalStatus === PENDING && orderId !== null ? (
          <button
            type="button"
            className="btn btn--text btn--small"
            disabled={settle.isPending && settle.variables?.id === r.id}
            onClick={() => settle.mutate({ orderId, id: r.id }, { onSuccess: () => toast.success(t('proposals.settled')) })}
          >
            {t('proposals.settle')}
          </button>
        ) : null,
    },
  ]

  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      width={960}
      footer={<button type="button" className="btn btn--primary" onClick={onClose}>{t('common:close')}</button>}
    >
      {orderId !== null && <ProposalForm key={orderId} orderId={orderId} />}
      <DataTable columns={columns} data={proposals.data} loading={proposals.isFetching} label={title} emptyText={t('proposals.empty')} />
    </Dialog>
  )
}
