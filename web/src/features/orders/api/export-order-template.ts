import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'

/** orderTemplateExport: the order's schedule as a template file that imports back as it is
 *  (a starter with a line per month and tape when there is no schedule yet). */
export function exportOrderTemplate(orderId: number) {
  return api.get('orderTemplateExport', { orderId }, { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportOrderTemplate() {
  return useMutation({ mutationFn: exportOrderTemplate, onSuccess: (answer) => download(answer.url) })
}
