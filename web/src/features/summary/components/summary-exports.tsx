import { useTranslation } from '@/lib/i18n'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'
import { useExportEvaluation, type EvaluationExport } from '../api/export-evaluation'
import { useExportCertificate } from '@/features/orders/api/use-certificate'

const KINDS: EvaluationExport[] = ['result', 'report']

/**
 * The summary's export buttons (docs/screens.md "Master-data screens"): 播出证明汇总, 评估结果 and 评估报告, the last two of the
 * side and filters shown. Each is busy while its file is written; a failure shows as the API
 * client shows failures, and the download starts when the url arrives.
 */
export function SummaryExports({ orderId, filter }: { orderId: number; filter: EvaluationFilter }) {
  const { t } = useTranslation('orders')
  const certificate = useExportCertificate()
  const evaluation = useExportEvaluation()
  const running = (kind: EvaluationExport) => evaluation.isPending && evaluation.variables?.kind === kind
  return (
    <div className="summary-toolbar__group" role="group" aria-label={t('summary.toolbar.exports')}>
      <button
        type="button"
        className="btn btn--small"
        disabled={certificate.isPending}
        aria-busy={certificate.isPending || undefined}
        onClick={() => certificate.mutate(orderId)}
      >
        {t('summary.toolbar.exportCertificate')}
      </button>
      {KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="btn btn--small btn--warning"
          disabled={evaluation.isPending}
          aria-busy={running(kind) || undefined}
          title={t(`summary.toolbar.${kind}Hint`)}
          onClick={() => evaluation.mutate({ kind, orderId, filter })}
        >
          {t(`summary.toolbar.${kind}`)}
        </button>
      ))}
    </div>
  )
}
