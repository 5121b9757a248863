import { useMutation } from '@tanstack/react-query'
import { EXPORT_TIMEOUT_MS, api } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { EvaluationFilter } from '@/features/orders/api/evaluation-types'

/** 评估结果 (a sheet per month: the grid and its figures) and 评估报告 (the formatted report). */
export const EVALUATION_EXPORTS = {
  result: 'orderSummaryGrpIndexExport',
  report: 'orderSummaryGrpReportIndexExport',
} as const
export type EvaluationExport = keyof typeof EVALUATION_EXPORTS

type Args = { kind: EvaluationExport; orderId: number; filter: EvaluationFilter }

/** Writes the workbook of the side and filters shown and answers its url. */
export function exportEvaluation({ kind, orderId, filter }: Args) {
  return api.get(EVALUATION_EXPORTS[kind], { orderId, ...filter }, { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportEvaluation() {
  return useMutation({ mutationFn: exportEvaluation, onSuccess: (answer) => download(answer.url) })
}
