import { useMutation } from '@tanstack/react-query'
import { api, EXPORT_TIMEOUT_MS } from '@/lib/api-client'
import { download } from '@/lib/download'
import type { SuitFilters } from './get-suits'

/** suitIndexExport writes every suit that passes the filters and answers the file's url. */
export function exportSuits({ page: _page, limit: _limit, ...filters }: SuitFilters) {
  return api.get('suitIndexExport', filters, { timeoutMs: EXPORT_TIMEOUT_MS })
}

export function useExportSuits() {
  return useMutation({ mutationFn: exportSuits, onSuccess: (answer) => download(answer.url) })
}
