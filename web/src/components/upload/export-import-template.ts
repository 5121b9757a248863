import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { Schema } from '@/types/call'

export type TemplateOf = { tags: Schema<'FileTag'>; orderId?: number }

/**
 * importTemplateExport: the import's template (its headers and one example row that imports as
 * it is; an order's example is the order's own tape, period and day).
 */
export function exportImportTemplate({ tags, orderId }: TemplateOf) {
  return api.get('importTemplateExport', { tags, orderId }, { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportImportTemplate() {
  return useMutation({ mutationFn: exportImportTemplate, onSuccess: (answer) => download(answer.url) })
}
